/**
 * The embedding cache's IndexedDB schema ('tabwise-embeddings', a database of its own so that losing or
 * clearing it never touches the history index) and its migrations.
 */
import type { DBSchema, IDBPDatabase, IDBPObjectStore, IDBPTransaction } from 'idb';

export const EMBEDDING_CACHE_DB_NAME = 'tabwise-embeddings';

/** One cached vector: `codes[i] * scale` is component i. `seq` orders eviction. */
export interface StoredEmbedding {
  codes: Int8Array;
  scale: number;
  seq: number;
}

/** Bookkeeping kept in the same transactions as the vectors, so it cannot drift from them. */
export interface CacheState {
  /** Last sequence number handed out. */
  seq: number;
  /** Entries in `vectors`. */
  count: number;
}

export interface EmbeddingCacheDb extends DBSchema {
  vectors: { key: string; value: StoredEmbedding; indexes: { bySeq: number } };
  meta: { key: 'state'; value: CacheState };
}

type Migration = (db: IDBPDatabase<EmbeddingCacheDb>) => void;

/** Index i upgrades the database from version i to i + 1. Never edit a released migration; append one. */
export const embeddingCacheMigrations: Migration[] = [
  (db) => {
    db.createObjectStore('vectors').createIndex('bySeq', 'seq');
    db.createObjectStore('meta');
  },
];

export const EMBEDDING_CACHE_DB_VERSION = embeddingCacheMigrations.length;

export type CacheDb = IDBPDatabase<EmbeddingCacheDb>;
/** The transaction every write takes: vectors and bookkeeping together. */
export type CacheWriteTx = IDBPTransaction<EmbeddingCacheDb, ['vectors', 'meta'], 'readwrite'>;
export type CacheVectorsStore = IDBPObjectStore<EmbeddingCacheDb, ['vectors', 'meta'], 'vectors', 'readwrite'>;
