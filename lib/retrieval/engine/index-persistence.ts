/**
 * Saves and restores the history index in IndexedDB ('tabwise-index'), as typed arrays and string
 * arrays in a handful of records: structured clone copies typed arrays as raw bytes, so restoring is
 * reading buffers, not parsing JSON or re-tokenising.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { createHybridIndex } from './hybrid-index';
import type { HybridIndex, HybridIndexOptions, HybridIndexSnapshot } from './hybrid-index-types';
import { RetrievalError } from '../retrieval-error';

/** Database name, owned by the retrieval engine alone. */
export const INDEX_DB_NAME = 'tabwise-index';

/** Chunks of text per record: big enough for few records, small enough to keep each write bounded. */
const TEXT_SEGMENT = 8192;

type SnapshotHead = Omit<HybridIndexSnapshot, 'texts' | 'headingPaths'>;

interface IndexDb extends DBSchema {
  meta: { key: 'head'; value: SnapshotHead & { savedAt: number; segments: number } };
  texts: { key: number; value: { texts: string[]; headingPaths: string[] } };
}

/** Opens (creating or migrating) the index database. `indexedDB` is injectable for tests and workers. */
export async function openIndexDb(name = INDEX_DB_NAME): Promise<IDBPDatabase<IndexDb>> {
  try {
    return await openDB<IndexDb>(name, 1, {
      upgrade(db, oldVersion) {
        // Migration 0 → 1: the initial schema.
        if (oldVersion < 1) {
          db.createObjectStore('meta');
          db.createObjectStore('texts');
        }
      },
    });
  } catch (cause) {
    throw new RetrievalError('storage_failed', `could not open IndexedDB ${name}`, { cause });
  }
}

/** The handle persistence functions take. */
export type IndexDatabase = IDBPDatabase<IndexDb>;

/** Bytes of a snapshot's typed arrays plus its strings (2 bytes a char at most): what a save writes, about. */
function approximateBytes(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (typeof value === 'string') return value.length * 2;
  if (typeof value === 'number') return 8;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + approximateBytes(v), 0);
  if (value && typeof value === 'object')
    return Object.values(value).reduce((n: number, v) => n + approximateBytes(v), 0);
  return 0;
}

/**
 * Writes a compacted snapshot of `index`, replacing what was stored, in one transaction. Resolves with
 * the approximate number of bytes written (for the settings page's stats).
 */
export async function saveIndex(db: IndexDatabase, index: HybridIndex, now: () => number = Date.now): Promise<number> {
  const snap = index.snapshot();
  const { texts, headingPaths, ...head } = snap;
  const segments = Math.ceil(texts.length / TEXT_SEGMENT);
  const tx = db.transaction(['meta', 'texts'], 'readwrite');
  try {
    await tx.objectStore('texts').clear();
    for (let s = 0; s < segments; s++) {
      const from = s * TEXT_SEGMENT;
      void tx.objectStore('texts').put(
        {
          texts: texts.slice(from, from + TEXT_SEGMENT),
          headingPaths: headingPaths.slice(from, from + TEXT_SEGMENT),
        },
        s,
      );
    }
    void tx.objectStore('meta').put({ ...head, savedAt: now(), segments }, 'head');
    await tx.done;
    return approximateBytes(snap);
  } catch (cause) {
    throw new RetrievalError('storage_failed', 'saving the history index failed', { cause });
  }
}

/**
 * Restores the stored index. Returns an empty index when nothing is stored, and also when the stored
 * one was embedded by another model (the caller then re-embeds; see `storedModel`).
 */
export async function loadIndex(
  db: IndexDatabase,
  options: HybridIndexOptions,
): Promise<{
  index: HybridIndex;
  restored: number;
  storedModel?: { modelId: string; dims: number };
  timings?: { readMs: number; rebuildMs: number };
}> {
  let head: IndexDb['meta']['value'] | undefined;
  let parts: Array<IndexDb['texts']['value']>;
  const started = performance.now();
  try {
    const tx = db.transaction(['meta', 'texts'], 'readonly');
    [head, parts] = await Promise.all([tx.objectStore('meta').get('head'), tx.objectStore('texts').getAll()]);
    await tx.done;
  } catch (cause) {
    throw new RetrievalError('storage_failed', 'reading the history index failed', { cause });
  }
  if (!head) return { index: createHybridIndex(options), restored: 0 };
  const storedModel = { modelId: head.modelId, dims: head.dims };
  if (head.modelId !== options.modelId || head.dims !== options.dims) {
    return { index: createHybridIndex(options), restored: 0, storedModel };
  }
  if (parts.length !== head.segments)
    throw new RetrievalError('corrupt_snapshot', `expected ${head.segments} text segments, found ${parts.length}`);
  const { savedAt: _savedAt, segments: _segments, ...rest } = head;
  const snapshot: HybridIndexSnapshot = {
    ...rest,
    texts: parts.flatMap((p) => p.texts),
    headingPaths: parts.flatMap((p) => p.headingPaths),
  };
  const read = performance.now();
  const index = createHybridIndex(options, snapshot);
  return {
    index,
    restored: index.size,
    storedModel,
    timings: { readMs: read - started, rebuildMs: performance.now() - read },
  };
}

/**
 * Restores the stored index if it was embedded by `modelId`, taking its width from the snapshot, so
 * search can start before the model is loaded. Returns `storedModel` alone when another model wrote it.
 */
export async function loadStoredIndex(
  db: IndexDatabase,
  modelId: string,
  options: Omit<HybridIndexOptions, 'modelId' | 'dims'> = {},
): Promise<{ index?: HybridIndex; storedModel?: { modelId: string; dims: number } }> {
  let head: IndexDb['meta']['value'] | undefined;
  try {
    head = await db.get('meta', 'head');
  } catch (cause) {
    throw new RetrievalError('storage_failed', 'reading the history index failed', { cause });
  }
  if (!head) return {};
  const storedModel = { modelId: head.modelId, dims: head.dims };
  if (head.modelId !== modelId) return { storedModel };
  const { index } = await loadIndex(db, { ...options, ...storedModel });
  return { index, storedModel };
}

/** Deletes everything stored (the "forget everything" button). */
export async function clearStoredIndex(db: IndexDatabase): Promise<void> {
  try {
    const tx = db.transaction(['meta', 'texts'], 'readwrite');
    await Promise.all([tx.objectStore('meta').clear(), tx.objectStore('texts').clear(), tx.done]);
  } catch (cause) {
    throw new RetrievalError('storage_failed', 'clearing the stored history index failed', { cause });
  }
}
