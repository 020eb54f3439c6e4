/** Times one history search (embedding apart from the index) and hands its trace, query hashed, to the recorder. */
import type { Embedder } from '../embedder-contract';
import { hashQuery, type SearchTrace } from '../search-trace';

export type SearchRecorder = (trace: SearchTrace) => Promise<void>;

/**
 * Runs `search` with a timed copy of `embedder`; records the trace after answering (a failed recording is
 * logged, never the search's failure). Failed searches are not traced: they have no hits to count.
 */
export async function traceSearch<T extends unknown[]>(
  query: string,
  embedder: Embedder | undefined,
  search: (embedder: Embedder | undefined) => Promise<T>,
  deps: { record?: SearchRecorder; now: () => number },
): Promise<T> {
  if (!deps.record) return search(embedder);
  let embedMs = 0;
  let embedded = false;
  const timed: Embedder | undefined = embedder && {
    modelId: embedder.modelId,
    dims: embedder.dims,
    embed: async (texts) => {
      const t0 = deps.now();
      embedded = true;
      try {
        return await embedder.embed(texts);
      } finally {
        embedMs += deps.now() - t0;
      }
    },
  };
  const started = deps.now();
  const hits = await search(timed);
  const total = deps.now() - started;
  const record = deps.record;
  void hashQuery(query)
    .then((queryHash) =>
      record({
        at: started,
        queryHash,
        embedMs,
        searchMs: Math.max(0, total - embedMs),
        hits: hits.length,
        mode: embedded ? 'hybrid' : 'text',
      }),
    )
    .catch((e: unknown) => console.warn('Tabwise: recording a history-search trace failed', e));
  return hits;
}
