import { z } from 'zod';
import { defineTool, type Tool } from './define-tool';
import type { MemoryStore } from './memory-store';
import { previewMemorySave } from './preview-memory-save';
import { oncePerOffer } from './once-per-offer';

/** A memory as memory_search returns it. */
export interface FoundMemory {
  id: string;
  text: string;
  tags: string[];
  savedAt: string;
}

/** memory_search's output: the memories found, or a sentence saying there are none. */
export type MemorySearchOutput = FoundMemory[] | string;

/** memory_save / memory_search / memory_delete over an injected store. */
export function createMemoryTools(store: MemoryStore, deps: { now: () => number; generateId: () => string }): Tool[] {
  // Searching and forgetting are offered once something is saved (memory_save always is).
  const hasMemories = oncePerOffer(async () => (await store.list()).length > 0);
  const save = defineTool({
    name: 'memory_save',
    input: z.object({
      text: z.string().min(1).max(2000).describe('Self-contained fact.'),
      tags: z.array(z.string()).max(8).optional().describe('Keywords.'),
    }),
    readOnly: false,
    // A page the model read could ask it to plant a "fact" that steers later conversations: nothing is kept
    // across conversations without the user seeing it ("always allow" stays possible, per site).
    needsApproval: true,
    preview: (input, ctx) => previewMemorySave(input, ctx.pageUrl),
    writtenValues: (input) => [{ field: 'memory', value: input.text }],
    async execute({ text, tags }, ctx) {
      const memory = {
        id: deps.generateId(),
        text,
        tags: tags ?? [],
        createdAt: deps.now(),
        ...(ctx.pageUrl ? { url: ctx.pageUrl } : {}),
      };
      await store.save(memory);
      return { saved: memory.id };
    },
  });
  const search = defineTool({
    name: 'memory_search',
    untrustedOutput: 'saved_memory',
    input: z.object({
      query: z.string().describe('Empty lists the newest.'),
      limit: z.number().int().min(1).max(50).optional(),
    }),
    readOnly: true,
    offered: hasMemories,
    async execute({ query, limit }): Promise<MemorySearchOutput> {
      const found = await store.search(query, limit ?? 10);
      if (found.length === 0) return 'No memories match.';
      return found.map((m) => ({ id: m.id, text: m.text, tags: m.tags, savedAt: new Date(m.createdAt).toISOString() }));
    },
  });
  const remove = defineTool({
    name: 'memory_delete',
    input: z.object({ id: z.string().describe('Id from memory_search.') }),
    readOnly: false,
    offered: hasMemories,
    // Forgetting something the user asked to be remembered is theirs to confirm.
    needsApproval: true,
    async execute({ id }) {
      if (!(await store.delete(id))) throw new Error(`No memory with id "${id}"`);
      return { deleted: id };
    },
  });
  return [save, search, remove] as Tool[];
}
