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
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type IDBPTransaction } from 'idb';
import type { EmbeddingCacheStore } from './embedding-cache';
import { RetrievalError } from '../retrieval-error';

export const EMBEDDING_CACHE_DB_NAME = 'tabwise-embeddings';

/** About 78 MB of 384-dimension vectors: twice the history index's default size cap. */
export const DEFAULT_EMBEDDING_CACHE_ENTRIES = 200_000;

/** One cached vector: `codes[i] * scale` is component i. `seq` orders eviction. */
export interface StoredEmbedding {
  codes: Int8Array;
  scale: number;
  seq: number;
}

/** Bookkeeping kept in the same transactions as the vectors, so it cannot drift from them. */
interface CacheState {
  /** Last sequence number handed out. */
  seq: number;
  /** Entries in `vectors`. */
  count: number;
}

interface EmbeddingCacheDb extends DBSchema {
  vectors: { key: string; value: StoredEmbedding; indexes: { bySeq: number } };
  meta: { key: 'state'; value: CacheState };
}

type Migration = (db: IDBPDatabase<EmbeddingCacheDb>) => void;

/** Index i upgrades the database from version i to i + 1. Never edit a released migration; append one. */
const migrations: Migration[] = [
  (db) => {
    db.createObjectStore('vectors').createIndex('bySeq', 'seq');
    db.createObjectStore('meta');
  },
];

export const EMBEDDING_CACHE_DB_VERSION = migrations.length;

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

/** Quantises like the vector store: the largest component maps to ±127. */
export function encodeEmbedding(vector: Float32Array): { codes: Int8Array; scale: number } {
  let max = 0;
  for (const x of vector) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 0;
  const codes = new Int8Array(vector.length);
  if (scale) for (let i = 0; i < vector.length; i++) codes[i] = Math.round(vector[i]! / scale);
  return { codes, scale };
}

/** The vector of a stored record, or undefined when the record is not one (corrupt, or another shape). */
export function decodeEmbedding(record: unknown): Float32Array | undefined {
  if (!record || typeof record !== 'object') return undefined;
  const { codes, scale } = record as Partial<StoredEmbedding>;
  if (!(codes instanceof Int8Array) || codes.length === 0) return undefined;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < 0) return undefined;
  const out = new Float32Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = codes[i]! * scale;
  return out;
}

type Db = IDBPDatabase<EmbeddingCacheDb>;
type WriteTx = IDBPTransaction<EmbeddingCacheDb, ['vectors', 'meta'], 'readwrite'>;

/**
 * Opens (creating or migrating) the cache database. Rejects, rather than waiting, when a connection that
 * will not close blocks the upgrade: ingestion must not hang on the cache.
 */
export function openEmbeddingCacheDb(name = EMBEDDING_CACHE_DB_NAME, onGone: () => void = () => {}): Promise<Db> {
  return new Promise((resolve, reject) => {
    let gaveUp = false;
    openDB<EmbeddingCacheDb>(name, EMBEDDING_CACHE_DB_VERSION, {
      upgrade(db, oldVersion) {
        for (let v = oldVersion; v < EMBEDDING_CACHE_DB_VERSION; v++) migrations[v]!(db);
      },
      blocked: () => {
        gaveUp = true;
        reject(new Error(`opening "${name}" is blocked by another connection`));
      },
      // A newer version, or a deletion, waits for this connection: let it through.
      blocking(_current, _blocked, event) {
        (event.target as IDBDatabase).close();
        onGone();
      },
      // The browser closed the connection (storage cleared, disk error): reopen on next use.
      terminated: onGone,
    }).then((db) => (gaveUp ? db.close() : resolve(db)), reject);
  });
}

/** Deletes the database; rejects (instead of waiting) when a connection that will not close blocks it. */
function deleteCacheDb(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    deleteDB(name, { blocked: () => reject(new Error(`deleting "${name}" is blocked by another connection`)) }).then(resolve, reject);
  });
}

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Reads the bookkeeping, rebuilding it from the vectors if it is missing or unreadable. */
async function readState(tx: WriteTx): Promise<CacheState> {
  const state = await tx.objectStore('meta').get('state');
  if (state && Number.isSafeInteger(state.seq) && Number.isSafeInteger(state.count) && state.count >= 0) return { ...state };
  const vectors = tx.objectStore('vectors');
  const [count, last] = await Promise.all([vectors.count(), vectors.index('bySeq').openKeyCursor(null, 'prev')]);
  return { count, seq: typeof last?.key === 'number' ? last.key : 0 };
}

/** Keys of `keys` present in `vectors`, each once. */
async function presentKeys(vectors: IDBPObjectStore<EmbeddingCacheDb, ['vectors', 'meta'], 'vectors', 'readwrite'>, keys: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(keys)];
  const found = await Promise.all(unique.map((k) => vectors.getKey(k)));
  return new Set(unique.filter((_, i) => found[i] !== undefined));
}

/** The cache in IndexedDB. Opens the database on first use. */
export function createIdbEmbeddingCacheStore(options: IdbEmbeddingCacheOptions = {}): IdbEmbeddingCacheStore {
  const name = options.name ?? EMBEDDING_CACHE_DB_NAME;
  const maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_EMBEDDING_CACHE_ENTRIES);
  /** Hits older than this many writes are renewed (so eviction is close to least-recently-used). */
  const renewAfter = Math.ceil(maxEntries / 2);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const open = (onGone: () => void) => {
    const opening = openEmbeddingCacheDb(name, onGone);
    return within(opening, timeoutMs, `opening the embedding cache "${name}"`).catch((error: unknown) => {
      // Should it open after all, nothing uses that connection.
      void opening.then(
        (db) => db.close(),
        () => {},
      );
      throw error;
    });
  };
  const remove = () => within(deleteCacheDb(name), timeoutMs, `deleting the embedding cache "${name}"`);
  // Resolves to undefined once opening failed twice: the cache is then off until a clear() deletes the database.
  let connection: Promise<Db | undefined> | undefined;
  // Set while a deletion could not be done: every later deletion (even of nothing) tries to clear again
  // and fails until it can, so a retried "delete" is not reported done while vectors may remain.
  let mustClear = false;

  function connect(): Promise<Db | undefined> {
    const forget = () => {
      if (connection === opening) connection = undefined;
    };
    const opening = (connection ??= (async () => {
      try {
        return await open(forget);
      } catch (error) {
        // Only derived data lives here: a database that cannot be opened (corrupt, or written by a newer
        // version) is deleted and made again.
        console.error(`Tabwise: could not open the embedding cache "${name}"; recreating it`, error);
        try {
          await remove();
          return await open(forget);
        } catch (again) {
          console.error('Tabwise: the embedding cache is unavailable; embedding without it', again);
          return undefined;
        }
      }
    })());
    return opening;
  }

  async function renew(db: Db, keys: string[]): Promise<void> {
    const tx = db.transaction(['vectors', 'meta'], 'readwrite');
    const vectors = tx.objectStore('vectors');
    const state = await readState(tx);
    const records = await Promise.all(keys.map((k) => vectors.get(k)));
    const writes: Array<Promise<unknown>> = [];
    records.forEach((r, i) => {
      if (decodeEmbedding(r)) writes.push(vectors.put({ codes: r!.codes, scale: r!.scale, seq: ++state.seq }, keys[i]!));
    });
    writes.push(tx.objectStore('meta').put(state, 'state'));
    await Promise.all([...writes, tx.done]);
  }

  async function clear(): Promise<void> {
    const db = await connect();
    if (db) {
      try {
        const tx = db.transaction(['vectors', 'meta'], 'readwrite');
        await Promise.all([tx.objectStore('vectors').clear(), tx.objectStore('meta').clear(), tx.done]);
        mustClear = false;
        return;
      } catch (error) {
        console.error('Tabwise: clearing the embedding cache failed; deleting its database', error);
      }
      db.close();
    }
    // Unused until it is gone (a request to open it would only queue behind the deletion).
    connection = Promise.resolve(undefined);
    try {
      await remove();
    } catch (cause) {
      mustClear = true;
      throw new RetrievalError('storage_failed', `could not delete the embedding cache "${name}"`, { cause });
    }
    mustClear = false;
    connection = undefined;
  }

  return {
    async getMany(keys) {
      const misses = keys.map((): Float32Array | undefined => undefined);
      if (keys.length === 0) return misses;
      const db = await connect();
      if (!db) return misses;
      let records: Array<StoredEmbedding | undefined>;
      let seq: number;
      try {
        const tx = db.transaction(['vectors', 'meta'], 'readonly');
        const vectors = tx.objectStore('vectors');
        const [state, found] = await Promise.all([tx.objectStore('meta').get('state'), Promise.all(keys.map((k) => vectors.get(k))), tx.done]);
        records = found;
        seq = typeof state?.seq === 'number' ? state.seq : 0;
      } catch (error) {
        console.error('Tabwise: reading the embedding cache failed', error);
        return misses;
      }
      // An unreadable record is a miss; the fresh vector then overwrites it.
      const out = records.map(decodeEmbedding);
      const stale = keys.filter((k, i) => out[i] && !(records[i]!.seq > seq - renewAfter));
      if (stale.length > 0) {
        try {
          await renew(db, [...new Set(stale)]);
        } catch (error) {
          console.error('Tabwise: renewing embedding cache entries failed', error);
        }
      }
      return out;
    },

    async setMany(entries) {
      if (entries.length === 0) return;
      const db = await connect();
      if (!db) return;
      const unique = new Map(entries);
      try {
        const tx = db.transaction(['vectors', 'meta'], 'readwrite');
        const vectors = tx.objectStore('vectors');
        const state = await readState(tx);
        const present = await presentKeys(vectors, unique.keys());
        const writes: Array<Promise<unknown>> = [];
        for (const [key, vector] of unique) {
          if (!present.has(key)) state.count++;
          writes.push(vectors.put({ ...encodeEmbedding(vector), seq: ++state.seq }, key));
        }
        // Oldest first, from the start of the sequence index: only as many steps as entries to drop.
        if (state.count > maxEntries) {
          let cursor = await vectors.index('bySeq').openKeyCursor();
          while (cursor && state.count > maxEntries) {
            writes.push(vectors.delete(cursor.primaryKey));
            state.count--;
            cursor = await cursor.continue();
          }
        }
        writes.push(tx.objectStore('meta').put(state, 'state'));
        await Promise.all([...writes, tx.done]);
      } catch (error) {
        console.error('Tabwise: writing the embedding cache failed', error);
      }
    },

    async deleteMany(keys) {
      if (mustClear) return clear();
      if (keys.length === 0) return;
      const db = await connect();
      // Cannot delete exactly what is asked: delete everything instead.
      if (!db) return clear();
      try {
        const tx = db.transaction(['vectors', 'meta'], 'readwrite');
        const vectors = tx.objectStore('vectors');
        const state = await readState(tx);
        const present = await presentKeys(vectors, keys);
        const writes: Array<Promise<unknown>> = [];
        for (const key of present) writes.push(vectors.delete(key));
        state.count -= present.size;
        writes.push(tx.objectStore('meta').put(state, 'state'));
        await Promise.all([...writes, tx.done]);
      } catch (error) {
        console.error('Tabwise: deleting embedding cache entries failed; clearing the cache', error);
        await clear();
      }
    },

    clear,

    close() {
      const open = connection;
      connection = undefined;
      void open?.then((db) => db?.close());
    },
  };
}
