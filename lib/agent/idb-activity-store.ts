/**
 * The Activity log in its own IndexedDB database ('tabwise-activity'), apart from the agent's so it evolves on
 * its own and "Delete all data" can drop it whole. Lines are keyed by their id; indexes by time, conversation
 * and `sent` are there for the range reads a larger log and a team server's outbox will want.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ActivityLine } from './activity-line';
import { createActivityStore, type ActivityBackend, type ActivityStore } from './activity-store';

interface ActivityDb extends DBSchema {
  lines: { key: string; value: ActivityLine; indexes: { byAt: number; byConversation: string; bySent: number } };
  meta: { key: string; value: unknown };
}

export const ACTIVITY_DB_NAME = 'tabwise-activity';
const RETENTION_KEY = 'retentionDays';

/** Index i upgrades from version i to i + 1. Never edit a released migration; append one. */
const migrations: Array<(db: IDBPDatabase<ActivityDb>) => void> = [
  (db) => {
    const lines = db.createObjectStore('lines', { keyPath: 'id' });
    lines.createIndex('byAt', 'at');
    lines.createIndex('byConversation', 'conversationId');
    lines.createIndex('bySent', 'sent');
    db.createObjectStore('meta');
  },
];

/** The IndexedDB backend; `name` is injectable so tests get a fresh database each. */
export function createIdbActivityBackend(name = ACTIVITY_DB_NAME): ActivityBackend {
  let opened: Promise<IDBPDatabase<ActivityDb>> | undefined;
  const db = () =>
    (opened ??= openDB<ActivityDb>(name, migrations.length, {
      upgrade(d, oldVersion) {
        for (let v = oldVersion; v < migrations.length; v++) migrations[v]!(d);
      },
    }));
  return {
    // Read as unknown: a value written by an older build, or damaged, is checked by the store's schema.
    getAll: async () => (await db()).getAll('lines') as Promise<unknown[]>,
    async addIfAbsent(line) {
      const tx = (await db()).transaction('lines', 'readwrite');
      const there = (await tx.store.getKey(line.id)) !== undefined;
      if (!there) await tx.store.add(line);
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
