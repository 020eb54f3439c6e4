/** Finds conversations by title or message text, with a snippet of where the words were found. */
import { queryWords } from '../retrieval/words/match-query-words';
import type { ConversationStore } from '../storage/conversation-store';
import type { ConversationRecord } from '../storage/records';

export interface ConversationHit {
  conversation: ConversationRecord;
  /** Text around the first match in the messages; absent when only the title matched. */
  snippet?: string;
}

const SNIPPET_RADIUS = 40;

/**
 * Every word of `query` must be in the title or in one message, compared as the history index compares words
 * (lib/retrieval/words: segmented in any script, accents aside, stemmed under the user's `languages`); the
 * last word may be the start of one, as it is while it is being typed. Newest conversations first.
 */
export async function searchConversations(
  store: ConversationStore,
  query: string,
  { limit = 50, languages = [] }: { limit?: number; languages?: readonly string[] } = {},
): Promise<ConversationHit[]> {
  const words = queryWords(query, languages, { prefixLast: true });
  if (words.size === 0) return [];
  const all = (found: boolean[]) => found.every(Boolean);
  const hits: ConversationHit[] = [];
  for (const conversation of await store.listConversations()) {
    if (hits.length >= limit) break;
    if (all(words.match(conversation.title).found)) {
      hits.push({ conversation });
      continue;
    }
    for (const m of await store.listMessages(conversation.id)) {
      const { found, first } = words.match(m.text);
      if (!all(found) || !first) continue;
      const start = Math.max(0, first.index - SNIPPET_RADIUS);
      const end = Math.min(m.text.length, first.index + first.text.length + SNIPPET_RADIUS);
      const snippet = `${start > 0 ? '…' : ''}${m.text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < m.text.length ? '…' : ''}`;
      hits.push({ conversation, snippet });
      break;
    }
  }
  return hits;
}
