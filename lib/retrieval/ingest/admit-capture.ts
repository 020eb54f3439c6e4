/**
 * A capture from a content script, admitted or refused (admission.ts: remembering on, the top frame, the
 * sender's own URL, the privacy policy), then scrubbed and queued (or counted as refused when the queue is full).
 */
import type { CaptureInput, CaptureReply } from '../capture-message';
import { pageKeyOf } from '../page-key';
import { admitSender, enqueueCapture } from './admission';
import type { IngestContext } from './ingest-context';
import { scrubSecrets, scrubUrl } from './scrub-secrets';

export async function admitCapture(
  ctx: IngestContext,
  msg: CaptureInput,
  sender: chrome.runtime.MessageSender,
): Promise<CaptureReply> {
  const admission = await admitSender(ctx, msg.url, sender);
  if (!admission.admitted) return admission.reply;
  // Credentials in the address (tokens, codes, signatures) are never stored: the page is keyed without them.
  const key = pageKeyOf(scrubUrl(admission.url));
  if ((await admission.parts.seen.get(key))?.hash === msg.hash) return { status: 'unchanged' };
  const at = ctx.now();
  return enqueueCapture(ctx, admission, {
    key,
    url: key,
    title: scrubSecrets(msg.title),
    lang: msg.lang,
    text: scrubSecrets(msg.text),
    hash: msg.hash,
    visitedAt: at,
    capturedAt: at,
  });
}
