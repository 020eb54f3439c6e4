/** The chip's "Keep" action: asks the worker to keep a sent file in the history index, or to take it out. */
import { sendToBackground } from '../../lib/background/send-to-background';

/** Null once done (the worker announces the message's new state); else what went wrong, as the chip says it. */
export async function keepAttachment(
  id: string,
  keep: boolean,
  send: typeof sendToBackground = sendToBackground,
): Promise<string | null> {
  try {
    await send('attachments.keep', { id, keep });
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
