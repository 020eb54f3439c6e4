import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBuiltinTools } from '../../../lib/tools/builtin-tools';
import type { Tool, ToolContext } from '../../../lib/tools/define-tool';
import type { TabInfo } from '../../../lib/tools/list-tabs-tool';
import { createInMemoryMemoryStore } from '../../../lib/tools/memory-store';
import { createSearchHistoryTool } from '../../../lib/tools/search-history-tool';
import { createSkillCatalog } from '../../../lib/tools/skill-catalog';
import { toToolSpec } from '../../../lib/tools/to-tool-spec';
import { createWebSearchTool } from '../../../lib/tools/web/web-search-tool';
import type { WebSearchTarget } from '../../../lib/tools/web/web-search-backends';
import { defineTool } from '../../../lib/tools/define-tool';

const ctx: ToolContext = {
  runId: 'r',
  toolCallId: '',
  signal: new AbortController().signal,
  agentPath: [],
  now: () => 0,
  delegate: async () => '',
};

function builtins(tabs: TabInfo[], skills: string[] = []) {
  const memory = createInMemoryMemoryStore();
  const list = createBuiltinTools({
    memory,
    skills: createSkillCatalog(
      {},
      {
        list: async () =>
          skills.map((name) => ({ name, description: `The ${name} skill.`, body: 'Do it.', source: 'user' as const })),
      },
    ),
    listTabs: async () => tabs,
    agents: [],
    now: () => 0,
    generateId: () => 'm1',
  });
  const offered = async () => {
    const keep = await Promise.all(list.map(async (t) => (t.offered ? t.offered(ctx) : true)));
    return list.filter((_, i) => keep[i]).map((t) => t.name);
  };
  return { offered, memory };
}

const tab = (id: number, url: string): TabInfo => ({ id, url, title: url, active: id === 1 });

describe('built-in tools offered only when they can apply', () => {
  it('a fresh profile with one page open: memory_save, delegate and ask_user; nothing to search, forget, load or list', async () => {
    const { offered } = builtins([tab(1, 'https://a.test/'), tab(2, 'chrome://newtab/')]);
    expect(await offered()).toEqual(['memory_save', 'delegate', 'ask_user']);
  });

  it('list_tabs with two web pages open, load_skill with a skill, memory_search and memory_delete once one is saved', async () => {
    const { offered, memory } = builtins([tab(1, 'https://a.test/'), tab(2, 'https://b.test/')], ['tidy']);
    await memory.save({ id: 'x', text: 'Prefers metric units', tags: [], createdAt: 1 });
    expect(await offered()).toEqual([
      'load_skill',
      'memory_save',
      'memory_search',
      'memory_delete',
      'delegate',
      'list_tabs',
      'ask_user',
    ]);
  });

  it('search_history while remembering is on, web_search once a backend is set up', async () => {
    let remembering = false;
    const backend: { target?: WebSearchTarget } = {};
    const history = createSearchHistoryTool({ search: async () => [], isEnabled: async () => remembering }) as Tool;
    const web = createWebSearchTool({ fetch, target: async () => backend.target }) as Tool;
    expect([await history.offered!(ctx), await web.offered!(ctx)]).toEqual([false, false]);
    remembering = true;
    backend.target = { backend: 'searxng', baseUrl: 'https://search.example' } as WebSearchTarget;
    expect([await history.offered!(ctx), await web.offered!(ctx)]).toEqual([true, true]);
  });
});

describe('tool schemas as sent', () => {
  it('leave out size limits and the safe-integer bounds, keep types, enums, real bounds and property names', () => {
    const tool = defineTool({
      name: 'shape',
      description: 'A tool to look at its schema.',
      input: z.object({
        maxLength: z.string().min(1).max(10).describe('A property that happens to be named maxLength.'),
        n: z.number().int().min(1).max(20).optional(),
        id: z.number().int().nonnegative(),
        tags: z.array(z.string()).max(8),
        kind: z.enum(['a', 'b']),
        map: z.record(z.string(), z.string()),
      }),
      readOnly: true,
      execute: () => '',
    }) as Tool;
    expect(toToolSpec(tool, () => undefined).inputSchema).toEqual({
      type: 'object',
      properties: {
        maxLength: { type: 'string', description: 'A property that happens to be named maxLength.' },
        n: { type: 'integer', minimum: 1, maximum: 20 },
        id: { type: 'integer', minimum: 0 },
        tags: { type: 'array', items: { type: 'string' } },
        kind: { type: 'string', enum: ['a', 'b'] },
        map: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['maxLength', 'id', 'tags', 'kind', 'map'],
    });
  });

  it('the validator still enforces what the schema no longer says', () => {
    const input = z.object({ q: z.string().max(3) });
    expect(input.safeParse({ q: 'long' }).success).toBe(false);
  });
});
