/**
 * The background's IndexedDB for "Remember what I read" ('tabwise-ingest'): settings, the durable capture
 * queue, what has been indexed (content hashes, so unchanged revisits are skipped) and counters.
 */
import type { IngestCounters } from '../ingest-stats';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { IndexSettings } from '../index-settings';
import type { SourceKind } from '../source-kind';

/** A capture waiting to be indexed (text already scrubbed). One per page: a newer capture replaces it. */
export interface QueueEntry {
  /** Page key: the URL without its fragment. */
  key: string;
  url: string;
  title: string;
  lang: string;
  text: string;
  hash: string;
  visitedAt: number;
  /** What the source is (absent: a web page). */
  kind?: SourceKind;
  /** Orders the queue and tells a replaced entry from the one that was sent. */
  capturedAt: number;
}

/** A page that is in the index, with the hash of the content indexed. */
export interface SeenPage {
  key: string;
  hash: string;
  domain: string;
  visitedAt: number;
}

interface IngestDb extends DBSchema {
  settings: { key: 'settings'; value: IndexSettings };
  queue: { key: string; value: QueueEntry; indexes: { byCapturedAt: number } };
  seen: { key: string; value: SeenPage };
  counters: { key: 'counters'; value: IngestCounters };
}

export type IngestDatabase = IDBPDatabase<IngestDb>;

export const INGEST_DB_NAME = 'tabwise-ingest';

/** Opens (creating or migrating) the ingestion database. */
export function openIngestDb(name = INGEST_DB_NAME): Promise<IngestDatabase> {
  return openDB<IngestDb>(name, 1, {
    upgrade(db, oldVersion) {
      // Migration 0 → 1: the initial schema.
      if (oldVersion < 1) {
        db.createObjectStore('settings');
        db.createObjectStore('queue', { keyPath: 'key' }).createIndex('byCapturedAt', 'capturedAt');
        db.createObjectStore('seen', { keyPath: 'key' });
        db.createObjectStore('counters');
      }
    },
  });
}
