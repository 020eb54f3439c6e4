import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { toToolSpec } from '../../../lib/tools/to-tool-spec';
import { createToolRegistry } from '../../../lib/tools/tool-registry';
import { describeToolFrom } from '../../../lib/agent/prompt-library';
import { prompts } from '../agent/harness';

const tool = (name: string) =>
  defineTool({
    name,
    input: z.object({ q: z.string().describe('query') }),
    readOnly: true,
    execute: () => 'ok',
  }) as Tool;

describe('tool registry', () => {
  it('rejects user, MCP and sub-agent tools that take a built-in name, with a clear error', () => {
    const registry = createToolRegistry([tool('memory_save')], [tool('read_page')]);
    for (const source of ['user', 'mcp', 'subagent'] as const) {
      expect(() => registry.register(tool('memory_save'), source)).toThrow(/^Cannot register /);
      expect(() => registry.register(tool('read_page'), source)).toThrow(
        `Cannot register ${source} tool "read_page": the name is reserved for a built-in tool`,
      );
    }
    registry.register(tool('my_tool'), 'mcp');
    expect(() => registry.register(tool('my_tool'), 'user')).toThrow(/already registered/);
    expect(registry.names()).toEqual(['memory_save', 'read_page', 'my_tool']);
    expect(() => registry.unregister('memory_save')).toThrow(/built-in/);
    registry.unregister('my_tool');
    expect(registry.get('my_tool')).toBeUndefined();
  });

  it('defineTool validates names and requires execute for every tool (page tools execute through their router)', () => {
    expect(() => tool('bad name')).toThrow(/Invalid tool name/);
    // @ts-expect-error execute is required by the type; the run-time check covers plain JavaScript callers.
    expect(() => defineTool({ name: 'x', input: z.object({}), readOnly: true })).toThrow(/needs execute/);
    // @ts-expect-error the same for a page tool
    expect(() => defineTool({ name: 'y', input: z.object({}), runsIn: 'page', readOnly: true })).toThrow(
      /needs execute/,
    );
    const page = defineTool({
      name: 'click',
      input: z.object({}),
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      execute: () => ({}),
    });
    expect(page).toMatchObject({ runsIn: 'page', needsApproval: true });
  });

  it('toToolSpec sends JSON Schema from zod and the description from prompts/tool-<name>.md', () => {
    const spec = toToolSpec(tool('memory_search'), describeToolFrom(prompts));
    expect(spec.description).toMatch(/^Search the user's long-term memory/);
    expect(spec.inputSchema).toEqual({
      type: 'object',
      properties: { q: { type: 'string', description: 'query' } },
      required: ['q'],
    });
    expect(() => toToolSpec(tool('undocumented'), describeToolFrom(prompts))).toThrow(
      'Tool "undocumented" has no description: add prompts/tool-undocumented.md',
    );
  });
});
