/**
 * Attached files in the documents database (document-blobs.ts): the panel puts a file's bytes here as it is
 * attached (messages carry JSON only), the worker reads it, links it to the message it is sent with, and deletes
 * it with its conversation or with "Delete all data". Never storage.local: content scripts can read that.
 */
import type { IDBPDatabase } from 'idb';
import {
  DOCUMENT_BLOBS_DB,
  openDocumentBlobsDb,
  type AttachmentReading,
  type AttachmentRecord,
  type DocumentBlobsDb,
} from './document-blobs';

export type { AttachmentReading, AttachmentRecord };

/** An attachment never sent with a message is the composer's leftover: swept after this long. */
export const UNSENT_ATTACHMENT_TTL_MS = 24 * 60 * 60_000;

export interface AttachmentStore {
  /** Keeps a file the user attached (not yet sent) and answers its id. */
  add(file: { blob: Blob; name: string; mediaType: string }): Promise<string>;
  get(id: string): Promise<AttachmentRecord | undefined>;
  /** Keeps what was made of the file (its kind, and its reading when it is a document). */
  setRead(id: string, kind: string, reading: AttachmentReading | undefined): Promise<void>;
  /** Marks a file kept in the history index, or no longer; answers the record, undefined when it is gone. */
  setKept(id: string, kept: boolean): Promise<AttachmentRecord | undefined>;
  /** Links attachments to the message they were sent with; answers the records linked. */
  assign(ids: string[], conversationId: string, messageId: string): Promise<AttachmentRecord[]>;
  /** Adds records as they are (an import). */
  putAll(records: AttachmentRecord[]): Promise<void>;
  listByConversation(conversationId: string): Promise<AttachmentRecord[]>;
  deleteConversation(conversationId: string): Promise<void>;
  /** Deletes every attachment ("Delete all data"). */
  clear(): Promise<void>;
}

export function openAttachmentStore(name = DOCUMENT_BLOBS_DB, now: () => number = Date.now): AttachmentStore {
  let opened: Promise<IDBPDatabase<DocumentBlobsDb>> | undefined;
  const db = () => (opened ??= openDocumentBlobsDb(name));
  return {
    async add(file) {
      const id = crypto.randomUUID();
      const tx = (await db()).transaction('attachments', 'readwrite');
      const old = await tx.store.index('byCreatedAt').getAll(IDBKeyRange.upperBound(now() - UNSENT_ATTACHMENT_TTL_MS));
      await Promise.all([
        ...old.filter((r) => r.conversationId === undefined).map((r) => tx.store.delete(r.id)),
        tx.store.put({
          id,
          blob: file.blob,
          name: file.name,
          mediaType: file.mediaType,
          size: file.blob.size,
          createdAt: now(),
        }),
        tx.done,
      ]);
      return id;
    },
    async get(id) {
      return (await db()).get('attachments', id);
    },
    async setRead(id, kind, reading) {
      const tx = (await db()).transaction('attachments', 'readwrite');
      const record = await tx.store.get(id);
      if (record) await tx.store.put(reading ? { ...record, kind, reading } : { ...record, kind });
      await tx.done;
    },
    async setKept(id, kept) {
      const tx = (await db()).transaction('attachments', 'readwrite');
      const record = await tx.store.get(id);
      let next: AttachmentRecord | undefined;
      if (record) {
        const { kept: _was, ...rest } = record;
        next = kept ? { ...rest, kept: true } : rest;
        await tx.store.put(next);
      }
      await tx.done;
      return next;
    },
    async assign(ids, conversationId, messageId) {
      const tx = (await db()).transaction('attachments', 'readwrite');
      const linked: AttachmentRecord[] = [];
      for (const id of ids) {
        const record = await tx.store.get(id);
        // A file already sent with another message stays that message's.
        if (!record || (record.messageId !== undefined && record.messageId !== messageId)) continue;
        const next = { ...record, conversationId, messageId };
        await tx.store.put(next);
        linked.push(next);
      }
      await tx.done;
      return linked;
    },
    async putAll(records) {
      const tx = (await db()).transaction('attachments', 'readwrite');
      await Promise.all([...records.map((r) => tx.store.put(r)), tx.done]);
    },
    async listByConversation(conversationId) {
      return (await db()).getAllFromIndex('attachments', 'byConversation', conversationId);
    },
    async deleteConversation(conversationId) {
      const tx = (await db()).transaction('attachments', 'readwrite');
      const keys = await tx.store.index('byConversation').getAllKeys(conversationId);
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
    async clear() {
      await (await db()).clear('attachments');
    },
  };
}
