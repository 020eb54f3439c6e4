/**
 * Writes that a model request does not need wait until it has left: until the provider's response headers (or
 * its first part, or a failure) are back, at most `capMs`. On two cores the store's writes, issued beside the
 * request, take the CPU the request's own way out (the worker's fetch, the browser's IPC, the network process)
 * needs; issued after it, they cost the request nothing. A worker that dies meanwhile loses only what it would
 * have lost mid-write: the journal resumes a run whose step record is missing as if it died mid-stream.
 */
const waiting = new Set<() => void>();

/** The current request is out (headers back, a part streamed, or the request failed): the deferred writes go. */
export function requestLeft(): void {
  for (const go of [...waiting]) go();
}

/** Resolves when the next request has left (see `requestLeft`), or after `capMs`, whichever is first. */
export function afterRequestLeaves(capMs = 50): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      waiting.delete(go);
      resolve();
    };
    const timer = setTimeout(go, capMs);
    waiting.add(go);
  });
}
