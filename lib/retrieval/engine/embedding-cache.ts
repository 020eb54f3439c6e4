/**
 * Memoises embeddings by content hash + model id, so re-visiting a page (or re-chunking one that barely
 * changed) costs no model time. Storage is injected: a Map in tests and in front of IndexedDB
 * (embedding-cache-db.ts) in the extension.
 */
import type { Embedder } from '../embedder-contract';

/**
 * Where cached vectors live. Keys are hex SHA-256 strings (`embeddingCacheKey`). A store may hand back a
 * vector of the wrong width or shape (a corrupt entry): `withEmbeddingCache` treats it as a miss.
 */
export interface EmbeddingCacheStore {
  getMany(keys: string[]): Promise<Array<Float32Array | undefined>>;
  setMany(entries: Array<[string, Float32Array]>): Promise<void>;
  /** Forgets these keys (absent ones are ignored). Rejects only if they may still be stored. */
  deleteMany(keys: string[]): Promise<void>;
  /** Forgets everything. Rejects only if something may still be stored. */
  clear(): Promise<void>;
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
    async deleteMany(keys) {
      for (const k of keys) map.delete(k);
    },
    async clear() {
      map.clear();
    },
  };
}

/**
 * `front` (small, fast: memory) before `back` (large, slow: IndexedDB). Reads try the front first and
 * copy back-store hits into it; writes and deletions go to both.
 */
export function layeredEmbeddingCacheStore(front: EmbeddingCacheStore, back: EmbeddingCacheStore): EmbeddingCacheStore {
  return {
    async getMany(keys) {
      const out = await front.getMany(keys);
      const missing = keys.flatMap((k, i) => (out[i] ? [] : [i]));
      if (missing.length === 0) return out;
      const fromBack = await back.getMany(missing.map((i) => keys[i]!));
      const found: Array<[string, Float32Array]> = [];
      missing.forEach((i, j) => {
        const v = fromBack[j];
        if (v) found.push([keys[i]!, (out[i] = v)]);
      });
      if (found.length > 0) await front.setMany(found);
      return out;
    },
    async setMany(entries) {
      await Promise.all([front.setMany(entries), back.setMany(entries)]);
    },
    async deleteMany(keys) {
      await Promise.all([front.deleteMany(keys), back.deleteMany(keys)]);
    },
    async clear() {
      await Promise.all([front.clear(), back.clear()]);
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

/**
 * Wraps an embedder so only texts not yet in `store` reach the model. The cache never fails an embedding:
 * a store that throws is logged and skipped, and a cached vector of the wrong type or width is a miss
 * (and is overwritten by the fresh one).
 */
export function withEmbeddingCache(embedder: Embedder, store: EmbeddingCacheStore): Embedder {
  const usable = (v: unknown): v is Float32Array => v instanceof Float32Array && v.length === embedder.dims;
  return {
    modelId: embedder.modelId,
    dims: embedder.dims,
    ...(embedder.tokenizer ? { tokenizer: embedder.tokenizer } : {}),
    ...(embedder.tokenizerError ? { tokenizerError: embedder.tokenizerError } : {}),
    async embed(texts) {
      const keys = await Promise.all(texts.map((t) => embeddingCacheKey(embedder.modelId, t)));
      let cached: Array<Float32Array | undefined>;
      try {
        cached = (await store.getMany(keys)).map((v) => (usable(v) ? v : undefined));
      } catch (error) {
        console.error('Tabwise: reading the embedding cache failed; embedding without it', error);
        cached = keys.map(() => undefined);
      }
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
        const entries = new Map(missing.map((i) => [keys[i]!, cached[i]!]));
        try {
          await store.setMany([...entries]);
        } catch (error) {
          console.error('Tabwise: writing the embedding cache failed', error);
        }
      }
      return cached as Float32Array[];
    },
  };
}
