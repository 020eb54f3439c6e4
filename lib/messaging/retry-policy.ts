/**
 * When a send is tried again. Only failures where no envelope came back are retried (an error envelope is
 * the receiver's answer and final), and only those `retryOn` accepts.
 *
 * How each protocol uses it:
 * - offscreen: `{ delaysMs: Array(19).fill(100), retryOn: (e) => e.code === 'no_receiver' || e.code === 'no_reply' }`,
 *   with a `post` that creates the document first (it is still loading its script right after creation);
 * - page commands: `{ delaysMs: [0], retryOn: (e) => e.code === 'no_receiver', beforeRetry: () => inject(tabId) }`
 *   (a tab opened before the extension was installed has no content script yet);
 * - capture: `{ delaysMs: [500, 2000, 5000], retryOn: () => true, still }` (the worker was stopped while it
 *   handled the message; the background's queue is keyed by URL, so a capture sent twice is indexed once).
 */
import type { RemoteError } from './remote-error';

export interface RetryPolicy {
  /** The wait before each new try, in ms; its length is the number of retries. */
  delaysMs: readonly number[];
  /** Which failures are worth another try. Default: only 'no_receiver' (the receiving end does not exist yet). */
  retryOn?: (failure: RemoteError) => boolean;
  /**
   * Runs before each new try (inject the content script, say). If it throws, the send fails with the
   * failure's code and the hook's message.
   */
  beforeRetry?: (failure: RemoteError, attempt: number) => Promise<void>;
  /** Whether the message still matters when a try is due; when it does not, the last failure is thrown. */
  still?: () => boolean;
}

/** No retries (the default): the extension pages' calls to the worker, which Chrome wakes for a message. */
export const noRetry: RetryPolicy = { delaysMs: [] };
