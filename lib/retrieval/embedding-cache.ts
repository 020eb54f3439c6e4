/**
 * Memoises embeddings by content hash + model id, so re-visiting a page (or re-chunking one that barely
 * changed) costs no model time. Storage is injected: a Map in tests, IndexedDB in the extension.
 */
import type { Embedder } from './embedder';

/** Where cached vectors live. Keys are hex SHA-256 strings. */
export interface EmbeddingCacheStore {
  getMany(keys: string[]): Promise<Array<Float32Array | undefined>>;
  setMany(entries: Array<[string, Float32Array]>): Promise<void>;
}

/** A bounded in-memory store (least recently used goes first). */
export function createMemoryEmbeddingCacheStore(maxEntries = 50_000): EmbeddingCacheStore {
  const map = new Map<string, Float32Array>();
  return {
    async getMany(keys) {
      return keys.map((k) => {
        const v = map.get(k);
        if (v) {
          // Re-insert to mark as recently used (Map iterates in insertion order).
          map.delete(k);
          map.set(k, v);
        }
        return v;
      });
    },
    async setMany(entries) {
      for (const [k, v] of entries) {
        map.delete(k);
        map.set(k, v);
        if (map.size > maxEntries) map.delete(map.keys().next().value!);
      }
    },
  };
}

/** Cache key of one text under one model: hex SHA-256 of `modelId NUL text`. */
export async function embeddingCacheKey(modelId: string, text: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${modelId}\u0000${text}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Wraps an embedder so only texts not yet in `store` reach the model. */
export function withEmbeddingCache(embedder: Embedder, store: EmbeddingCacheStore): Embedder {
  return {
    modelId: embedder.modelId,
    dims: embedder.dims,
    async embed(texts) {
      const keys = await Promise.all(texts.map((t) => embeddingCacheKey(embedder.modelId, t)));
      const cached = await store.getMany(keys);
      const missing: number[] = [];
      cached.forEach((v, i) => {
        if (!v) missing.push(i);
      });
      if (missing.length > 0) {
        // Embed each distinct text once even when a batch repeats it.
        const unique = [...new Set(missing.map((i) => texts[i]!))];
        const vectors = await embedder.embed(unique);
        const byText = new Map(unique.map((t, i) => [t, vectors[i]!]));
        for (const i of missing) cached[i] = byText.get(texts[i]!);
        await store.setMany(missing.map((i) => [keys[i]!, cached[i]!]));
      }
      return cached as Float32Array[];
    },
  };
}
