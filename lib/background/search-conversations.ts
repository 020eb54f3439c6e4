/** Finds conversations by title or message text, with a snippet of where the words were found. */
import type { ConversationStore } from '../storage/conversation-store';
import type { ConversationRecord } from '../storage/records';

export interface ConversationHit {
  conversation: ConversationRecord;
  /** Text around the first match in the messages; absent when only the title matched. */
  snippet?: string;
}

const SNIPPET_RADIUS = 40;

/** Every word of `query` (case- and accent-insensitive) must appear in the title or in one message. */
export async function searchConversations(
  store: ConversationStore,
  query: string,
  limit = 50,
): Promise<ConversationHit[]> {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: ConversationHit[] = [];
  for (const conversation of await store.listConversations()) {
    if (hits.length >= limit) break;
    const title = fold(conversation.title);
    if (words.every((w) => title.includes(w))) {
      hits.push({ conversation });
      continue;
    }
    for (const m of await store.listMessages(conversation.id)) {
      const text = fold(m.text);
      if (!words.every((w) => text.includes(w))) continue;
      // The fold keeps length for the scripts people type in, so the index points into the original text.
      const at = text.indexOf(words[0]!);
      const start = Math.max(0, at - SNIPPET_RADIUS);
      const end = Math.min(m.text.length, at + words[0]!.length + SNIPPET_RADIUS);
      const snippet = `${start > 0 ? '…' : ''}${m.text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < m.text.length ? '…' : ''}`;
      hits.push({ conversation, snippet });
      break;
    }
  }
  return hits;
}
