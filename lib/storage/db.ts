/**
 * The extension's main IndexedDB database: conversations, messages, provider instances, settings and the
 * secrets key. The schema is a type; migrations are numbered and run in order (idb's `upgrade`).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ProviderRecord } from '../core/provider-record';
import type { ConversationRecord, MessageRecord } from './records';

export interface TabwiseDb extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { byUpdatedAt: number } };
  messages: { key: string; value: MessageRecord; indexes: { byConversation: [string, number] } };
  providers: { key: string; value: ProviderRecord };
  settings: { key: string; value: unknown };
  /** Holds the non-extractable AES-GCM CryptoKey that encrypts API keys at rest. */
  keys: { key: string; value: CryptoKey };
}

export const DB_NAME = 'tabwise';

type Migration = (db: IDBPDatabase<TabwiseDb>) => void;

/** Index i upgrades the database from version i to i + 1. Never edit a released migration; append one. */
const migrations: Migration[] = [
  (db) => {
    db.createObjectStore('conversations', { keyPath: 'id' }).createIndex('byUpdatedAt', 'updatedAt');
    db.createObjectStore('messages', { keyPath: 'id' }).createIndex('byConversation', ['conversationId', 'createdAt']);
    db.createObjectStore('providers', { keyPath: 'id' });
    db.createObjectStore('settings');
    db.createObjectStore('keys');
  },
];

export const DB_VERSION = migrations.length;

/** Opens (and migrates) the database. `name` is injectable so tests get a fresh database each. */
export function openTabwiseDb(name = DB_NAME): Promise<IDBPDatabase<TabwiseDb>> {
  return openDB<TabwiseDb>(name, DB_VERSION, {
    upgrade(db, oldVersion) {
      for (let v = oldVersion; v < DB_VERSION; v++) migrations[v]!(db);
    },
  });
}

export type Db = IDBPDatabase<TabwiseDb>;
