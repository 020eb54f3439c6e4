/** An in-memory ConversationStore for unit tests of the chat service (the IndexedDB one is tested in the browser). */
import type { ConversationStore } from '../../../lib/storage/conversation-store';
import type { ConversationRecord, MessageRecord } from '../../../lib/storage/records';

export function createMemoryConversationStore(): ConversationStore & { writes: MessageRecord[] } {
  const conversations = new Map<string, ConversationRecord>();
  const messages = new Map<string, MessageRecord>();
  const writes: MessageRecord[] = [];
  return {
    writes,
    listConversations: async () =>
      [...conversations.values()].filter((c) => c.deletedAt === undefined).sort((a, b) => b.updatedAt - a.updatedAt),
    setModel: async (id, model) => {
      const c = conversations.get(id);
      if (!c) return;
      const { model: _was, ...rest } = c;
      conversations.set(id, model ? { ...rest, model } : rest);
    },
    setFallbackModels: async (id, models) => {
      const c = conversations.get(id);
      if (!c) return;
      const { fallbackModels: _was, ...rest } = c;
      conversations.set(id, models ? { ...rest, fallbackModels: models } : rest);
    },
    markDeleted: async (id, at) => {
      const c = conversations.get(id);
      if (!c) return;
      const { deletedAt: _was, ...rest } = c;
      conversations.set(id, at === undefined ? rest : { ...rest, deletedAt: at });
    },
    listDeletedConversations: async () => [...conversations.values()].filter((c) => c.deletedAt !== undefined),
    getConversation: async (id) => conversations.get(id),
    createConversation: async (c) => void conversations.set(c.id, c),
    renameConversation: async (id, title) =>
      void (conversations.has(id) && conversations.set(id, { ...conversations.get(id)!, title })),
    deleteConversation: async (id) => {
      conversations.delete(id);
      for (const [k, m] of messages) if (m.conversationId === id) messages.delete(k);
    },
    listMessages: async (cid) =>
      [...messages.values()].filter((m) => m.conversationId === cid).sort((a, b) => a.createdAt - b.createdAt),
    getMessage: async (id) => messages.get(id),
    putMessage: async (m) => {
      if (!conversations.has(m.conversationId)) throw new Error('no conversation');
      writes.push(structuredClone(m));
      messages.set(m.id, structuredClone(m));
    },
    deleteMessage: async (id) => void messages.delete(id),
    listStreamingMessages: async () => [...messages.values()].filter((m) => m.status === 'streaming'),
  };
}
