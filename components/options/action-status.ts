/** A settings section's last action: its confirmation or its error, and a wrapper that records either. */
import { signal } from '@preact/signals';

export function createActionStatus() {
  const message = signal<string | null>(null);
  const error = signal<string | null>(null);
  /** Runs `f`; on success shows `done` (if given), on failure the error's message. Never throws. */
  const attempt = async (f: () => Promise<void>, done?: string) => {
    error.value = null;
    message.value = null;
    try {
      await f();
      if (done) message.value = done;
    } catch (e) {
      error.value = (e as Error).message;
    }
  };
  return { message, error, attempt };
}
