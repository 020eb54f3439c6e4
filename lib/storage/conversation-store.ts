/** Conversations and their messages in IndexedDB. Every write is one transaction so a killed worker leaves no half-state. */
import { toErrorInfo } from '../core/to-error-info';
import type { Db } from './db';
import type { ConversationModel, ConversationRecord, MessageRecord } from './records';

export interface ConversationStore {
  listConversations(): Promise<ConversationRecord[]>;
  getConversation(id: string): Promise<ConversationRecord | undefined>;
  createConversation(conversation: ConversationRecord): Promise<void>;
  renameConversation(id: string, title: string): Promise<void>;
  /** Sets (or, with undefined, clears) the model a conversation answers with. */
  setModel(id: string, model: ConversationModel | undefined): Promise<void>;
  /** Sets (or, with undefined, clears: the list in Settings applies) a conversation's own fallback models. */
  setFallbackModels(id: string, models: ConversationModel[] | undefined): Promise<void>;
  /** Marks a conversation deleted (hidden from the list, restorable) at `at`, or restores it with undefined. */
  markDeleted(id: string, at: number | undefined): Promise<void>;
  /** Conversations marked deleted and not yet purged. */
  listDeletedConversations(): Promise<ConversationRecord[]>;
  deleteConversation(id: string): Promise<void>;
  listMessages(conversationId: string): Promise<MessageRecord[]>;
  getMessage(id: string): Promise<MessageRecord | undefined>;
  /** Inserts or replaces a message and bumps its conversation's updatedAt. */
  putMessage(message: MessageRecord): Promise<void>;
  deleteMessage(id: string): Promise<void>;
  /** Messages left `streaming` by a worker that died: the caller decides what they become. */
  listStreamingMessages(): Promise<MessageRecord[]>;
}

export function createConversationStore(db: Db): ConversationStore {
  return {
    async listConversations() {
      const all = await db.getAllFromIndex('conversations', 'byUpdatedAt');
      return all.reverse().filter((c) => c.deletedAt === undefined);
    },
    async setModel(id, model) {
      const tx = db.transaction('conversations', 'readwrite');
      const c = await tx.store.get(id);
      if (c) {
        const { model: _was, ...rest } = c;
        await tx.store.put(model ? { ...rest, model } : rest);
      }
      await tx.done;
    },
    async setFallbackModels(id, models) {
      const tx = db.transaction('conversations', 'readwrite');
      const c = await tx.store.get(id);
      if (c) {
        const { fallbackModels: _was, ...rest } = c;
        await tx.store.put(models ? { ...rest, fallbackModels: models } : rest);
      }
      await tx.done;
    },
    async markDeleted(id, at) {
      const tx = db.transaction('conversations', 'readwrite');
      const c = await tx.store.get(id);
      if (c) {
        const { deletedAt: _was, ...rest } = c;
        await tx.store.put(at === undefined ? rest : { ...rest, deletedAt: at });
      }
      await tx.done;
    },
    async listDeletedConversations() {
      return (await db.getAll('conversations')).filter((c) => c.deletedAt !== undefined);
    },
    getConversation: (id) => db.get('conversations', id),
    async createConversation(conversation) {
      await db.put('conversations', conversation);
    },
    async renameConversation(id, title) {
      const tx = db.transaction('conversations', 'readwrite');
      const c = await tx.store.get(id);
      if (c) await tx.store.put({ ...c, title });
      await tx.done;
    },
    async deleteConversation(id) {
      const tx = db.transaction(['conversations', 'messages'], 'readwrite');
      const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
      const keys = await tx.objectStore('messages').index('byConversation').getAllKeys(range);
      await Promise.all([
        ...keys.map((k) => tx.objectStore('messages').delete(k)),
        tx.objectStore('conversations').delete(id),
      ]);
      await tx.done;
    },
    async listMessages(conversationId) {
      const range = IDBKeyRange.bound([conversationId, -Infinity], [conversationId, Infinity]);
      return (await db.getAllFromIndex('messages', 'byConversation', range)).map(withKnownError);
    },
    getMessage: async (id) => {
      const message = await db.get('messages', id);
      return message && withKnownError(message);
    },
    async putMessage(message) {
      const tx = db.transaction(['messages', 'conversations'], 'readwrite');
      const conv = await tx.objectStore('conversations').get(message.conversationId);
      if (!conv) throw new Error(`conversation ${message.conversationId} does not exist`);
      await tx.objectStore('messages').put(message);
      if (message.createdAt > conv.updatedAt)
        await tx.objectStore('conversations').put({ ...conv, updatedAt: message.createdAt });
      await tx.done;
    },
    async deleteMessage(id) {
      await db.delete('messages', id);
    },
    async listStreamingMessages() {
      const all = await db.getAll('messages');
      return all.filter((m) => m.status === 'streaming');
    },
  };
}

/**
 * A stored answer read with error codes this version knows, its other versions' too (an older version stored
 * class names): see toErrorInfo.
 */
function withKnownError(message: MessageRecord): MessageRecord {
  const known = knownError(message);
  return known.otherVersions ? { ...known, otherVersions: known.otherVersions.map(knownError) } : known;
}

const knownError = <T extends { error?: unknown }>(record: T): T =>
  record.error === undefined ? record : { ...record, error: toErrorInfo(record.error) };
