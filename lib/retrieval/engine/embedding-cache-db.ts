/**
 * The embedding cache on disk: IndexedDB 'tabwise-embeddings', a database of its own so that losing or
 * clearing it never touches the history index. Keys are `embeddingCacheKey`s (SHA-256 of model id and text).
 *
 * Vectors are stored the way the vector store keeps them: int8 codes with one scale per vector (a quarter
 * of float32; 388 bytes for 384 dimensions). Quantising again gives the same codes, so a page indexed
 * from the cache scores as if it had just been embedded. Not for query vectors, which the index does not
 * quantise the same way (the engine keeps those out of this store anyway: they are not page data).
 *
 * Bounded: past `maxEntries` the oldest go first. Each write takes a sequence number, and a hit on an
 * entry in the older half renews it, so eviction walks an index on that number from its start instead of
 * scanning the store. Nothing here throws at the embedding path: a failure is logged and read as a miss
 * (or a skipped write). Deletions are the exception: they clear the whole cache when they cannot delete
 * exactly, and reject only when even that failed, because a deletion the user asked for must not be
 * reported as done while the vectors are still on disk.
 *
 * This file wires the parts: the schema (embedding-cache-schema.ts), the connection
 * (embedding-cache-connection.ts), the int8 codes (encode-embedding.ts), and one file per operation
 * (read-cached-embeddings.ts, write-cached-embeddings.ts, delete-cached-embeddings.ts, clear-embedding-cache.ts).
 */
import type { EmbeddingCacheStore } from './embedding-cache';
import { EMBEDDING_CACHE_DB_NAME } from './embedding-cache-schema';
import { clearEmbeddingCache } from './clear-embedding-cache';
import { deleteCachedEmbeddings } from './delete-cached-embeddings';
import { createEmbeddingCacheConnection } from './embedding-cache-connection';
import { readCachedEmbeddings } from './read-cached-embeddings';
import { writeCachedEmbeddings } from './write-cached-embeddings';

/** About 78 MB of 384-dimension vectors: twice the history index's default size cap. */
export const DEFAULT_EMBEDDING_CACHE_ENTRIES = 200_000;

/** The IndexedDB store; `close` ends its connection (the next call opens it again). */
export interface IdbEmbeddingCacheStore extends EmbeddingCacheStore {
  close(): void;
}

export interface IdbEmbeddingCacheOptions {
  /** Database name (tests use their own). Default 'tabwise-embeddings'. */
  name?: string;
  maxEntries?: number;
  /**
   * How long opening or deleting the database may take before the cache gives up (a request queued behind
   * one that another connection blocks never ends). Default 10 s.
   */
  timeoutMs?: number;
}

/** The cache in IndexedDB. Opens the database on first use. */
export function createIdbEmbeddingCacheStore(options: IdbEmbeddingCacheOptions = {}): IdbEmbeddingCacheStore {
  const maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_EMBEDDING_CACHE_ENTRIES);
  /** Hits older than this many writes are renewed (so eviction is close to least-recently-used). */
  const renewAfter = Math.ceil(maxEntries / 2);
  const connection = createEmbeddingCacheConnection(
    options.name ?? EMBEDDING_CACHE_DB_NAME,
    options.timeoutMs ?? 10_000,
  );
  const clear = () => clearEmbeddingCache(connection);

  return {
    async getMany(keys) {
      const misses = keys.map((): Float32Array | undefined => undefined);
      if (keys.length === 0) return misses;
      const db = await connection.connect();
      if (!db) return misses;
      return readCachedEmbeddings(db, keys, renewAfter);
    },

    async setMany(entries) {
      if (entries.length === 0) return;
      const db = await connection.connect();
      if (!db) return;
      await writeCachedEmbeddings(db, entries, maxEntries);
    },

    async deleteMany(keys) {
      if (connection.mustClear) return clear();
      if (keys.length === 0) return;
      const db = await connection.connect();
      // Cannot delete exactly what is asked: delete everything instead.
      if (!db) return clear();
      try {
        await deleteCachedEmbeddings(db, keys);
      } catch (error) {
        console.error('Tabwise: deleting embedding cache entries failed; clearing the cache', error);
        await clear();
      }
    },

    clear,

    close: () => connection.close(),
  };
}
