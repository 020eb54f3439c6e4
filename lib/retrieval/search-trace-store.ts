/**
 * The history-search traces, in their own small IndexedDB database ('tabwise-traces'): the engine (offscreen
 * document) writes one per search, the background reads them for Settings → Performance. Bounded: only the
 * newest `capacity` are kept.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SearchTrace } from './search-trace';

interface TraceDb extends DBSchema {
  searches: { key: number; value: SearchTrace };
}

export const TRACE_DB_NAME = 'tabwise-traces';
export const SEARCH_TRACE_CAPACITY = 500;

export interface SearchTraceStore {
  add(trace: SearchTrace): Promise<void>;
  /** Oldest first. */
  list(): Promise<SearchTrace[]>;
  clear(): Promise<void>;
}

/** Opens the store (migration 0 → 1 creates it); `name` is injectable for tests. */
export function createSearchTraceStore(name = TRACE_DB_NAME, capacity = SEARCH_TRACE_CAPACITY): SearchTraceStore {
  let opened: Promise<IDBPDatabase<TraceDb>> | undefined;
  const db = () =>
    (opened ??= openDB<TraceDb>(name, 1, {
      upgrade(d, oldVersion) {
        if (oldVersion < 1) d.createObjectStore('searches', { autoIncrement: true });
      },
    }));
  return {
    async add(trace) {
      const tx = (await db()).transaction('searches', 'readwrite');
      await tx.store.add(trace);
      let extra = (await tx.store.count()) - capacity;
      let cursor = extra > 0 ? await tx.store.openCursor() : null;
      while (cursor && extra-- > 0) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    list: async () => (await db()).getAll('searches'),
    clear: async () => (await db()).clear('searches'),
  };
}
