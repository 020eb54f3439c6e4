/**
 * The Activity log in its own IndexedDB database ('tabwise-activity'), apart from the agent's so it evolves on
 * its own and "Delete all data" can drop it whole. Lines are keyed by their id; indexes by time, conversation
 * and `sent` are there for the range reads a larger log will want. The team server's audit outbox lives here
 * too (audit-outbox.ts), so a line and its outbox entry are written in one transaction.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ActivityLine } from './activity-line';
import { createActivityStore, type ActivityBackend, type ActivityStore } from './activity-store';
import { readOutbox, readUploadState, type AuditOutbox, type OutboxEntry } from './audit-outbox';

interface ActivityDb extends DBSchema {
  lines: { key: string; value: ActivityLine; indexes: { byAt: number; byConversation: string; bySent: number } };
  meta: { key: string; value: unknown };
  outbox: { key: string; value: OutboxEntry; indexes: { byQueued: number } };
}

export const ACTIVITY_DB_NAME = 'tabwise-activity';
const RETENTION_KEY = 'retentionDays';
const UPLOAD_STATE_KEY = 'auditUpload';

/** Index i upgrades from version i to i + 1. Never edit a released migration; append one. */
const migrations: Array<(db: IDBPDatabase<ActivityDb>) => void> = [
  (db) => {
    const lines = db.createObjectStore('lines', { keyPath: 'id' });
    lines.createIndex('byAt', 'at');
    lines.createIndex('byConversation', 'conversationId');
    lines.createIndex('bySent', 'sent');
    db.createObjectStore('meta');
  },
  (db) => {
    db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('byQueued', 'queuedAt');
  },
];

/** The database, opened once per name (the log and the outbox share the connection). */
const opened = new Map<string, Promise<IDBPDatabase<ActivityDb>>>();
function openActivityDb(name: string): Promise<IDBPDatabase<ActivityDb>> {
  let db = opened.get(name);
  if (!db) {
    db = openDB<ActivityDb>(name, migrations.length, {
      upgrade(d, oldVersion) {
        for (let v = oldVersion; v < migrations.length; v++) migrations[v]!(d);
      },
      // A newer version or a deletion waits on this connection: let it go, the next use opens again.
      blocking() {
        opened.delete(name);
        void db?.then((d) => d.close());
      },
    });
    opened.set(name, db);
  }
  return db;
}

/** The IndexedDB backend; `name` is injectable so tests get a fresh database each. */
export function createIdbActivityBackend(name = ACTIVITY_DB_NAME): ActivityBackend {
  const db = () => openActivityDb(name);
  return {
    // Read as unknown: a value written by an older build, or damaged, is checked by the store's schema.
    getAll: async () => (await db()).getAll('lines') as Promise<unknown[]>,
    async addIfAbsent(line, entry) {
      const tx = (await db()).transaction(['lines', 'outbox'], 'readwrite');
      const lines = tx.objectStore('lines');
      const there = (await lines.getKey(line.id)) !== undefined;
      if (!there) {
        await lines.add(line);
        if (entry) await tx.objectStore('outbox').put(entry);
      }
      await tx.done;
      return !there;
    },
    async putAll(lines) {
      const tx = (await db()).transaction('lines', 'readwrite');
      await Promise.all([...lines.map((l) => tx.store.put(l)), tx.done]);
    },
    async deleteKeys(ids) {
      const tx = (await db()).transaction('lines', 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },
    clear: async () => (await db()).clear('lines'),
    async getRetentionDays() {
      const v = await (await db()).get('meta', RETENTION_KEY);
      return typeof v === 'number' ? v : undefined;
    },
    setRetentionDays: async (days) => void (await (await db()).put('meta', days, RETENTION_KEY)),
  };
}

export const openActivityStore = (name = ACTIVITY_DB_NAME): ActivityStore =>
  createActivityStore(createIdbActivityBackend(name));

/** The audit outbox in the same database. */
export function openAuditOutbox(name = ACTIVITY_DB_NAME): AuditOutbox {
  const db = () => openActivityDb(name);
  return {
    async take(limit) {
      const tx = (await db()).transaction('outbox', 'readwrite');
      // Oldest first by the index; read as unknown and checked, a damaged entry is dropped rather than sent.
      const values = (await tx.store.index('byQueued').getAll(undefined, limit)) as unknown[];
      const { entries, damaged } = readOutbox(values);
      await Promise.all([...damaged.map((id) => tx.store.delete(id)), tx.done]);
      return entries;
    },
    count: async () => (await db()).count('outbox'),
    async remove(ids) {
      const tx = (await db()).transaction('outbox', 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },
    state: async () => readUploadState(await (await db()).get('meta', UPLOAD_STATE_KEY)),
    setState: async (state) => void (await (await db()).put('meta', state, UPLOAD_STATE_KEY)),
    async clear() {
      const tx = (await db()).transaction(['outbox', 'meta'], 'readwrite');
      await Promise.all([tx.objectStore('outbox').clear(), tx.objectStore('meta').delete(UPLOAD_STATE_KEY), tx.done]);
    },
  };
}
