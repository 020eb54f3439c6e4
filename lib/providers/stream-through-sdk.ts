/**
 * The plumbing both adapters share: the SDK's fetch is wrapped to report its retries as stream parts, the
 * SDK call runs in the background pushing parts into a queue, and whatever it throws becomes a
 * ProviderError at the consumer. Aborting `signal` ends the stream as 'aborted'. A provider that sends
 * nothing for `stallTimeoutMs` is given up on as 'stalled' (its request aborted), so the user is not left
 * watching a cursor that never moves.
 */
import type { ModelStreamPart } from './chat-model';
import { mapProviderError, type ErrorEndpoint } from './map-provider-error';
import { observeRetries } from './observe-retries';
import { ProviderError } from './provider-error';
import { AsyncQueue } from '../util/async-queue';
import { t } from '../util/t';

/** How long a stream may stay silent (no part, no retry notice) before it counts as stalled. */
export const DEFAULT_STALL_TIMEOUT_MS = 20_000;

export type SdkStreamBody = (
  fetch: typeof globalThis.fetch,
  push: (part: ModelStreamPart) => void,
  signal: AbortSignal,
) => Promise<void>;

export interface SdkStreamOptions {
  fetch: typeof globalThis.fetch;
  maxRetries: number;
  endpoint: ErrorEndpoint;
  stallTimeoutMs?: number;
}

export async function* streamThroughSdk(
  client: SdkStreamOptions,
  signal: AbortSignal,
  body: SdkStreamBody,
): AsyncIterable<ModelStreamPart> {
  const queue = new AsyncQueue<ModelStreamPart>();
  const stallMs = client.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  // The SDK request listens to `inner`: the caller's stop, or our stall timer, ends it.
  const inner = new AbortController();
  const onAbort = () => inner.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  let stalled: ProviderError | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = true;
  const arm = (extraMs = 0) => {
    clearTimeout(timer);
    // Before the first part the model may be thinking silently (reasoning models send nothing until they
    // answer), so that wait is allowed three times as long.
    const limit = (first ? 3 : 1) * stallMs + extraMs;
    timer = setTimeout(() => {
      const seconds = new Intl.NumberFormat(t('ui_lang'), { maximumFractionDigits: 1 }).format(limit / 1000);
      stalled = new ProviderError({ code: 'stalled', message: t('prov_stalled', seconds) });
      inner.abort(stalled);
    }, limit);
  };
  const push = (part: ModelStreamPart) => {
    // A retry notice says the SDK will wait before asking again: that wait is not a stall.
    if (part.type !== 'retry') first = false;
    arm(part.type === 'retry' && Number.isFinite(part.delayMs) ? part.delayMs : 0);
    queue.push(part);
  };
  const fetch = observeRetries(client.fetch, client.maxRetries, (n) => push({ type: 'retry', ...n }));
  arm();
  void (async () => {
    try {
      await body(fetch, push, inner.signal);
      if (signal.aborted) throw signal.reason;
      if (stalled) throw stalled;
      queue.end();
    } catch (error) {
      queue.fail(stalled && !signal.aborted ? stalled : mapProviderError(error, signal, client.endpoint));
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  })();
  try {
    yield* queue;
  } finally {
    clearTimeout(timer);
  }
}
