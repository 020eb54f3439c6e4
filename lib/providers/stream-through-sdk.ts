/**
 * The plumbing both adapters share: the SDK's fetch is wrapped to report its retries as stream parts, the
 * SDK call runs in the background pushing parts into a queue, and whatever it throws becomes a
 * ProviderError at the consumer. Aborting `signal` ends the stream as 'aborted'.
 */
import type { ModelStreamPart } from './chat-model';
import { mapProviderError } from './map-provider-error';
import { observeRetries } from './observe-retries';
import { AsyncQueue } from '../util/async-queue';

export type SdkStreamBody = (fetch: typeof globalThis.fetch, push: (part: ModelStreamPart) => void) => Promise<void>;

export async function* streamThroughSdk(
  client: { fetch: typeof globalThis.fetch; maxRetries: number },
  signal: AbortSignal,
  body: SdkStreamBody,
): AsyncIterable<ModelStreamPart> {
  const queue = new AsyncQueue<ModelStreamPart>();
  const fetch = observeRetries(client.fetch, client.maxRetries, (n) => queue.push({ type: 'retry', ...n }));
  void (async () => {
    try {
      await body(fetch, (part) => queue.push(part));
      if (signal.aborted) throw signal.reason;
      queue.end();
    } catch (error) {
      queue.fail(mapProviderError(error, signal));
    }
  })();
  yield* queue;
}
