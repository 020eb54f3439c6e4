/** Memories the model keeps across conversations (only what it chose to save with memory_save). */

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

const terms = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1);

/** Scores by shared terms (tags count double), newest first on ties; enough for a personal memory list. */
export function rankMemories(memories: Memory[], query: string, limit: number): Memory[] {
  const q = terms(query);
  if (q.length === 0) return [...memories].sort((a, b) => b.createdAt - a.createdAt).slice(0, limit);
  const scored = memories.map((m) => {
    const body = new Set(terms(m.text));
    const tags = new Set(m.tags.flatMap(terms));
    const score = q.reduce((s, t) => s + (body.has(t) ? 1 : 0) + (tags.has(t) ? 2 : 0), 0);
    return { m, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || b.m.createdAt - a.m.createdAt)
    .slice(0, limit)
    .map((s) => s.m);
}

/** An in-memory MemoryStore for tests and for running without IndexedDB. */
export function createInMemoryMemoryStore(): MemoryStore {
  const items = new Map<string, Memory>();
  return {
    async save(memory) {
      items.set(memory.id, structuredClone(memory));
    },
    async search(query, limit) {
      return rankMemories([...items.values()], query, limit).map((m) => structuredClone(m));
    },
    async delete(id) {
      return items.delete(id);
    },
    async list() {
      return [...items.values()].map((m) => structuredClone(m));
    },
  };
}
