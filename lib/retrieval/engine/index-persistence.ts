/**
 * Saves and restores the history index in IndexedDB ('tabwise-index'): the snapshot's typed arrays and
 * page list in one record (structured clone copies typed arrays as raw bytes, so restoring is reading
 * buffers, not parsing JSON or re-tokenising), and the chunks' texts in one record per page, written as
 * pages change. A restored index reads a page's texts from there when a search returns one of its chunks,
 * so texts stay out of the offscreen document's memory.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { createHybridIndex } from './hybrid-index';
import type { HybridIndex, HybridIndexOptions, HybridIndexSnapshot } from './hybrid-index-types';
import type { ReadPageTexts } from './chunk-text-store';
import { RetrievalError } from '../retrieval-error';

/** Database name, owned by the retrieval engine alone. */
export const INDEX_DB_NAME = 'tabwise-index';

type SnapshotHead = Omit<HybridIndexSnapshot, 'texts' | 'headingPaths'>;

interface IndexDb extends DBSchema {
  /**
   * `segments` > 0: an index saved before version 2, its texts and heading paths in `texts`. Since then
   * `headingPaths` is in the head, and the texts are in `pages`.
   */
  meta: {
    key: 'head';
    value: SnapshotHead & { savedAt: number; segments: number; headingPaths?: string[] };
  };
  /** Version 1's texts and heading paths, 8192 chunks a record (read once, to migrate). */
  texts: { key: number; value: { texts: string[]; headingPaths: string[] } };
  /** Since version 2: a page's chunk texts in chunk order, by page key. */
  pages: { key: string; value: string[] };
}

/** Opens (creating or migrating) the index database. `indexedDB` is injectable for tests and workers. */
export async function openIndexDb(name = INDEX_DB_NAME): Promise<IDBPDatabase<IndexDb>> {
  try {
    return await openDB<IndexDb>(name, 2, {
      upgrade(db, oldVersion) {
        // Migration 0 → 1: the initial schema.
        if (oldVersion < 1) {
          db.createObjectStore('meta');
          db.createObjectStore('texts');
        }
        // 1 → 2: texts by page. A version-1 index stays readable from `texts` until its next save moves them.
        if (oldVersion < 2) db.createObjectStore('pages');
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
 * Writes a compacted snapshot of `index`, replacing what was stored, in one transaction: the head, and the
 * texts of pages changed since the last save (all of them for a new or cleared index), then lets the index
 * drop the texts written. Resolves with the approximate bytes the stored index holds (for the settings page).
 */
export async function saveIndex(db: IndexDatabase, index: HybridIndex, now: () => number = Date.now): Promise<number> {
  const { texts: _inSnapshot, ...head } = index.snapshot();
  const changes = index.texts.changes();
  const tx = db.transaction(['meta', 'texts', 'pages'], 'readwrite');
  try {
    const pages = tx.objectStore('pages');
    if (changes.full) void pages.clear();
    void tx.objectStore('texts').clear();
    for (const [key, texts] of changes.put) void pages.put(texts, key);
    for (const key of changes.deleted) void pages.delete(key);
    void tx.objectStore('meta').put({ ...head, savedAt: now(), segments: 0 }, 'head');
    await tx.done;
  } catch (cause) {
    throw new RetrievalError('storage_failed', 'saving the history index failed', { cause });
  }
  index.texts.saved(changes);
  return approximateBytes(head) + 2 * index.textChars;
}

/** Reads a page's texts from the `pages` store. */
function pageTextsReader(db: IndexDatabase): ReadPageTexts {
  return async (key) => {
    try {
      return await db.get('pages', key);
    } catch (cause) {
      throw new RetrievalError('storage_failed', 'reading a page of the history index failed', { cause });
    }
  };
}

/**
 * Restores the stored index. Returns an empty index when nothing is stored, and also when the stored
 * one was embedded by another model (the caller then re-embeds; see `storedModel`). The index, new or
 * restored, keeps its saved texts in the database and reads them from there.
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
  const backed = { ...options, texts: pageTextsReader(db) };
  let head: IndexDb['meta']['value'] | undefined;
  let parts: Array<IndexDb['texts']['value']>;
  let pageKeys: string[];
  const started = performance.now();
  try {
    const tx = db.transaction(['meta', 'texts', 'pages'], 'readonly');
    // All at once (one of the two text stores is empty). Of `pages`, the keys alone: that every page has its
    // texts is checked now, the texts are read when a search needs them.
    [head, parts, pageKeys] = await Promise.all([
      tx.objectStore('meta').get('head'),
      tx.objectStore('texts').getAll(),
      tx.objectStore('pages').getAllKeys(),
    ]);
    await tx.done;
  } catch (cause) {
    throw new RetrievalError('storage_failed', 'reading the history index failed', { cause });
  }
  if (!head) return { index: createHybridIndex(backed), restored: 0 };
  const storedModel = { modelId: head.modelId, dims: head.dims };
  if (head.modelId !== options.modelId || head.dims !== options.dims) {
    return { index: createHybridIndex(backed), restored: 0, storedModel };
  }
  const { savedAt: _savedAt, segments, ...rest } = head;
  let snapshot: HybridIndexSnapshot;
  if (segments) {
    if (parts.length !== segments)
      throw new RetrievalError('corrupt_snapshot', `expected ${segments} text segments, found ${parts.length}`);
    // Version 1: the texts come with the snapshot, and stay in memory until the next save stores them by page.
    snapshot = {
      ...rest,
      texts: parts.flatMap((p) => p.texts),
      headingPaths: parts.flatMap((p) => p.headingPaths),
    };
  } else {
    const stored = new Set(pageKeys);
    const missing = rest.pages.find((p) => !stored.has(p.url));
    if (missing) throw new RetrievalError('corrupt_snapshot', `the texts of ${missing.url} are missing`);
    snapshot = { ...rest, headingPaths: rest.headingPaths ?? [] };
  }
  const read = performance.now();
  const index = createHybridIndex(backed, snapshot);
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
    const tx = db.transaction(['meta', 'texts', 'pages'], 'readwrite');
    await Promise.all([
      tx.objectStore('meta').clear(),
      tx.objectStore('texts').clear(),
      tx.objectStore('pages').clear(),
      tx.done,
    ]);
  } catch (cause) {
    throw new RetrievalError('storage_failed', 'clearing the stored history index failed', { cause });
  }
}
