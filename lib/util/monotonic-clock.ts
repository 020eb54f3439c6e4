/**
 * Wraps a clock so it never returns the same value twice: messages are ordered by creation time, and a user
 * message and its answer are often created within the same millisecond.
 */
export function monotonicClock(now: () => number): () => number {
  let last = -Infinity;
  return () => {
    const t = Math.max(now(), last + 1);
    last = t;
    return t;
  };
}
