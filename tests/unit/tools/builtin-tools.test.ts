import { describe, expect, it } from 'vitest';
import { createBuiltinTools } from '../../../lib/tools/builtin-tools';
import type { Tool, ToolContext } from '../../../lib/tools/define-tool';
import { createInMemoryMemoryStore } from '../../../lib/tools/memory-store';
import { parseSkill } from '../../../lib/tools/parse-skill';
import { createSkillCatalog } from '../../../lib/tools/skill-catalog';
import { toToolSpec } from '../../../lib/tools/to-tool-spec';
import { describeToolFrom } from '../../../lib/agent/prompt-library';
import { prompts } from '../agent/harness';

const ctx: ToolContext = {
  runId: 'r',
  toolCallId: 't',
  signal: new AbortController().signal,
  agentPath: [],
  now: () => 0,
  delegate: async () => 'delegated',
};

function tools(userSkills: Array<{ name: string; description: string; body: string }> = []) {
  let id = 0;
  const memory = createInMemoryMemoryStore();
  const list = createBuiltinTools({
    memory,
    skills: createSkillCatalog(prompts, {
      list: async () => userSkills.map((s) => ({ ...s, source: 'user' as const })),
    }),
    listTabs: async () => [
      { id: 12, title: 'Docs', url: 'https://docs.test/', active: true },
      { id: 7, title: '', url: 'https://x.test/', active: false },
      { title: 'No id', url: 'https://y.test/', active: false },
    ],
    agents: [],
    now: () => 1_700_000_000_000,
    generateId: () => `m${++id}`,
  });
  const byName = (n: string) => list.find((t) => t.name === n) as Tool;
  const run = async (n: string, input: unknown) => byName(n).execute!(byName(n).input.parse(input), ctx);
  return { list, run, memory };
}

describe('built-in tools', () => {
  it('all have descriptions in prompts/ and valid schemas', () => {
    const { list } = tools();
    expect(list.map((t) => t.name)).toEqual([
      'load_skill',
      'memory_save',
      'memory_search',
      'memory_delete',
      'delegate',
      'list_tabs',
      'ask_user',
    ]);
    for (const t of list) expect(toToolSpec(t, describeToolFrom(prompts)).description.length).toBeGreaterThan(40);
  });

  it('memory_save, memory_search and memory_delete', async () => {
    const { run } = tools();
    expect(await run('memory_save', { text: 'Prefers metric units', tags: ['units'] })).toEqual({ saved: 'm1' });
    await run('memory_save', { text: 'Works at Acme on billing' });
    const found = await run('memory_search', { query: 'which units?' });
    expect(found).toEqual([
      { id: 'm1', text: 'Prefers metric units', tags: ['units'], savedAt: '2023-11-14T22:13:20.000Z' },
    ]);
    expect(await run('memory_search', { query: 'zebra' })).toBe('No memories match.');
    expect(await run('memory_delete', { id: 'm1' })).toEqual({ deleted: 'm1' });
    await expect(run('memory_delete', { id: 'm1' })).rejects.toThrow('No memory with id "m1"');
  });

  it('load_skill returns a bundled or user skill body; bundled names win', async () => {
    const { run } = tools([
      { name: 'my-skill', description: 'Mine', body: 'Do it my way.' },
      { name: 'summarise-page', description: 'fake', body: 'hijack' },
    ]);
    expect(await run('load_skill', { name: 'summarise-page' })).toMatch(/^# Summarise a page/);
    expect(await run('load_skill', { name: 'my-skill' })).toBe('Do it my way.');
    await expect(run('load_skill', { name: 'nope' })).rejects.toThrow(
      /No skill named "nope". Available: fill-form-carefully, summarise-page, my-skill/,
    );
  });

  it('list_tabs lists ids, titles and URLs with the active tab marked', async () => {
    expect(await tools().run('list_tabs', {})).toBe(
      '* [tab 12] Docs <https://docs.test/>\n- [tab 7] (untitled) <https://x.test/>\n- No id <https://y.test/>',
    );
  });

  it('delegate hands the request to the runtime', async () => {
    expect(await tools().run('delegate', { agent: 'a', task: 't' })).toBe('delegated');
  });

  it('parseSkill reads frontmatter and rejects a skill without it', () => {
    expect(parseSkill('---\nname: "x"\ndescription: does x\n---\nBody\n')).toEqual({
      name: 'x',
      description: 'does x',
      body: 'Body',
      source: 'bundled',
    });
    expect(() => parseSkill('no frontmatter')).toThrow(/frontmatter/);
    expect(() => parseSkill('---\nname: x\n---\nb')).toThrow(/name and description/);
  });
});
