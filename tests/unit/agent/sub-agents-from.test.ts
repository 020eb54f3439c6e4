import { describe, expect, it } from 'vitest';
import { parseAgentPrompt, subAgentsFrom } from '../../../lib/agent/sub-agents-from';
import { prompts } from './harness';

describe('sub-agent prompts', () => {
  it('prompts/agent-researcher.md gives the researcher: name, description, tools and instructions', () => {
    const agents = subAgentsFrom(prompts);
    expect(agents.map((a) => a.name)).toEqual(['researcher']);
    expect(agents[0]).toMatchObject({
      description: expect.stringContaining('read-only tools'),
      tools: ['list_tabs', 'memory_search', 'load_skill', 'read_page', 'search_history'],
      instructions: expect.stringMatching(/^You are a research assistant/),
    });
  });

  it('reads the tools line from the front matter only, and needs a name and description', () => {
    expect(parseAgentPrompt('---\nname: a\ndescription: d\n---\nBody.\ntools: not, these').tools).toEqual([]);
    expect(parseAgentPrompt('---\nname: a\ndescription: d\ntools: x,  y ,\n---\nBody.')).toEqual({
      name: 'a',
      description: 'd',
      tools: ['x', 'y'],
      instructions: 'Body.',
    });
    expect(() => parseAgentPrompt('---\nname: a\n---\nBody.')).toThrow();
  });
});
