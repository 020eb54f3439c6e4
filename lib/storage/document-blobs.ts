/**
 * File bytes on their way between the extension's contexts. Runtime messages carry JSON only (a 50 MB PDF as
 * a base64 string would pass Chrome's message size limit), so the background puts a file's bytes here as a Blob
 * under a fresh id and sends the id; the offscreen document takes them (read and delete in one transaction).
 * The database is the extension's own origin's, shared by both contexts. A transfer that nobody took (its reader
 * was stopped or crashed) is swept after TRANSFER_TTL_MS by the next put.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface DocumentBlobRecord {
  id: string;
  blob: Blob;
  name: string;
  mediaType: string;
  createdAt: number;
}

/** A file the user attached in the panel: its bytes, what was read from them, and the conversation that owns it. */
export interface AttachmentRecord {
  id: string;
  blob: Blob;
  name: string;
  mediaType: string;
  size: number;
  createdAt: number;
  /** Set once the file is sent with a message (until then it is the composer's, and swept after a day). */
  conversationId?: string;
  messageId?: string;
  /** What the document reader made of it; absent until read, and for images (sent as they are). */
  reading?: AttachmentReading;
  /** What the file is, by its bytes (a DocumentKind), once looked at. */
  kind?: string;
  /** The user keeps it in the history index (its conversation's deletion takes it out). */
  kept?: true;
}

export interface AttachmentReading {
  text: string;
  pages?: number;
  rows?: number;
  notes: string[];
  /** Characters of the whole text when `text` was cut. */
  totalChars?: number;
}

export interface DocumentBlobsDb extends DBSchema {
  transfers: { key: string; value: DocumentBlobRecord; indexes: { byCreatedAt: number } };
  attachments: { key: string; value: AttachmentRecord; indexes: { byConversation: string; byCreatedAt: number } };
}

export const DOCUMENT_BLOBS_DB = 'tabwise-documents';
/** A transfer older than this was abandoned: the next put deletes it. */
export const TRANSFER_TTL_MS = 10 * 60_000;

/** Index i upgrades the database from version i to i + 1. Never edit a released migration; append one. */
const migrations: Array<(db: IDBPDatabase<DocumentBlobsDb>) => void> = [
  (db) => db.createObjectStore('transfers', { keyPath: 'id' }).createIndex('byCreatedAt', 'createdAt'),
  (db) => {
    const store = db.createObjectStore('attachments', { keyPath: 'id' });
    store.createIndex('byConversation', 'conversationId');
    store.createIndex('byCreatedAt', 'createdAt');
  },
];

/** Opens (and migrates) the documents database; every context that uses it opens it through here. */
export function openDocumentBlobsDb(name = DOCUMENT_BLOBS_DB): Promise<IDBPDatabase<DocumentBlobsDb>> {
  return openDB<DocumentBlobsDb>(name, migrations.length, {
    upgrade(d, oldVersion) {
      for (let v = oldVersion; v < migrations.length; v++) migrations[v]!(d);
    },
  });
}

export interface DocumentTransfers {
  /** Keeps the bytes and answers the id to send in their place. */
  put(file: { bytes: Uint8Array; name: string; mediaType: string }): Promise<string>;
  /** The bytes under `id`, deleted as they are read; undefined when there are none (taken, swept or never put). */
  take(id: string): Promise<(Omit<DocumentBlobRecord, 'blob'> & { bytes: Uint8Array }) | undefined>;
  /** Deletes every transfer ("Delete all data"). */
  clear(): Promise<void>;
}

export function openDocumentTransfers(name = DOCUMENT_BLOBS_DB, now: () => number = Date.now): DocumentTransfers {
  let opened: Promise<IDBPDatabase<DocumentBlobsDb>> | undefined;
  const db = () => (opened ??= openDocumentBlobsDb(name));
  return {
    async put(file) {
      const id = crypto.randomUUID();
      const tx = (await db()).transaction('transfers', 'readwrite');
      const stale = await tx.store.index('byCreatedAt').getAllKeys(IDBKeyRange.upperBound(now() - TRANSFER_TTL_MS));
      await Promise.all([
        ...stale.map((key) => tx.store.delete(key)),
        tx.store.put({
          id,
          // A copy into a Blob: the caller's buffer stays the caller's.
          blob: new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mediaType }),
          name: file.name,
          mediaType: file.mediaType,
          createdAt: now(),
        }),
        tx.done,
      ]);
      return id;
    },
    async take(id) {
      const tx = (await db()).transaction('transfers', 'readwrite');
      const record = await tx.store.get(id);
      if (record) await tx.store.delete(id);
      await tx.done;
      if (!record) return undefined;
      const { blob, ...rest } = record;
      return { ...rest, bytes: new Uint8Array(await blob.arrayBuffer()) };
    },
    async clear() {
      await (await db()).clear('transfers');
    },
  };
}
