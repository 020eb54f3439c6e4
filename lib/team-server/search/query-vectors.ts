/**
 * Query embeddings, remembered: the same question (a user asking again, an MCP client retrying, several people
 * with the same search) is embedded once per model. Keyed by the embedder itself and a SHA-256 of the query, so
 * the process keeps vectors and digests, never the text; least recently used entries go first.
 */
import { createHash } from 'node:crypto';
import type { Embedder } from '../../retrieval/embedder-contract';

export interface QueryVectors {
  /** The query's vector under `embedder`, from memory when it was asked recently. */
  embed(embedder: Embedder, query: string): Promise<Float32Array>;
}

export function createQueryVectors(capacity = 1000): QueryVectors {
  const byModel = new WeakMap<Embedder, Map<string, Float32Array>>();
  return {
    async embed(embedder, query) {
      let cache = byModel.get(embedder);
      if (!cache) byModel.set(embedder, (cache = new Map()));
      const key = createHash('sha256').update(query, 'utf8').digest('base64');
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key); // re-inserted: a Map iterates in insertion order, so the first key is the oldest
        cache.set(key, hit);
        return hit;
      }
      const [vector] = await embedder.embed([query]);
      cache.set(key, vector!);
      if (cache.size > capacity) cache.delete(cache.keys().next().value!);
      return vector!;
    },
  };
}
