/** Memories the model keeps across conversations (only what it chose to save with memory_save). */
import { queryWords } from '../retrieval/words/match-query-words';

export interface Memory {
  id: string;
  text: string;
  tags: string[];
  createdAt: number;
  /** The page open when it was saved (where the fact may have come from), shown beside it in settings. */
  url?: string;
}

export interface MemoryStore {
  save(memory: Memory): Promise<void>;
  /** Best matches first; an empty query lists the newest. */
  search(query: string, limit: number): Promise<Memory[]>;
  /** Resolves false when there was no such memory. */
  delete(id: string): Promise<boolean>;
  list(): Promise<Memory[]>;
}

/**
 * Scores by the query words a memory holds (a tag counts double), newest first on ties; enough for a personal
 * memory list. Words are compared as the history index compares them (lib/retrieval/words): segmented in any
 * script, and stemmed under each of the user's `languages` (BCP 47) as well as taken as they are.
 */
export function rankMemories(
  memories: Memory[],
  query: string,
  limit: number,
  languages: readonly string[] = [],
): Memory[] {
  const q = queryWords(query, languages);
  if (q.size === 0) return [...memories].sort((a, b) => b.createdAt - a.createdAt).slice(0, limit);
  const count = (found: boolean[]) => found.filter(Boolean).length;
  const scored = memories.map((m) => {
    const body = q.match(m.text).found;
    const tags = q.match(m.tags.join('\n')).found;
    return { m, score: count(body) + 2 * count(tags) };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || b.m.createdAt - a.m.createdAt)
    .slice(0, limit)
    .map((s) => s.m);
}

/** An in-memory MemoryStore for tests and for running without IndexedDB. */
export function createInMemoryMemoryStore(languages: readonly string[] = []): MemoryStore {
  const items = new Map<string, Memory>();
  return {
    async save(memory) {
      items.set(memory.id, structuredClone(memory));
    },
    async search(query, limit) {
      return rankMemories([...items.values()], query, limit, languages).map((m) => structuredClone(m));
    },
    async delete(id) {
      return items.delete(id);
    },
    async list() {
      return [...items.values()].map((m) => structuredClone(m));
    },
  };
}
