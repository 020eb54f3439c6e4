import { describe, expect, it } from 'vitest';
import { composeSystemPrompt } from '../../../lib/agent/compose-system-prompt';
import { textReply } from '../../../lib/agent/testing/fake-chat-model';
import { createSkillCatalog } from '../../../lib/tools/skill-catalog';
import { echoTool, prompts, setup } from './harness';

describe('system prompt composition', () => {
  it('joins the sections with blank lines in a fixed order', async () => {
    const text = await composeSystemPrompt({
      base: 'BASE',
      customInstructions: 'Be terse.',
      skills: async () => [{ name: 's1', description: 'Skill <one>', body: 'body', source: 'bundled' }],
      now: Date.UTC(2025, 0, 2, 3, 4),
      timeZone: 'Europe/Paris',
    });
    expect(text).toBe(
      [
        'BASE',
        "## The user's instructions\nBe terse.",
        '<available_skills>\n<skill>\n<name>s1</name>\n<description>Skill &lt;one&gt;</description>\n</skill>\n</available_skills>',
        'Current date and time: 2025-01-02 04:04 (Thursday), time zone Europe/Paris (UTC+01:00)',
      ].join('\n\n'),
    );
  });

  it('runs the builders in parallel', async () => {
    let running = 0;
    let peak = 0;
    const slow = (s: string) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return s;
    };
    const out = await composeSystemPrompt({} as never, [slow('1'), slow('2'), slow('3')]);
    expect(out).toBe('1\n\n2\n\n3');
    expect(peak).toBe(3);
  });

  it('omits empty sections', async () => {
    const text = await composeSystemPrompt({ base: 'B', skills: async () => [], now: 0, timeZone: 'UTC' });
    expect(text).toBe('B\n\nCurrent date and time: 1970-01-01 00:00 (Thursday), time zone UTC (UTC+00:00)');
  });

  it('is what the runtime sends: system.md, tools from prompts, instructions, bundled skills, injected clock; the page goes with the user turn', async () => {
    const echo = echoTool('echo');
    const s = setup({
      tools: [echo.tool],
      scripts: [textReply('ok')],
      runtime: { now: () => Date.UTC(2025, 5, 1, 12, 0), skills: createSkillCatalog(prompts) },
    });
    await (
      await s.start('q', {
        customInstructions: 'Answer in French.',
        pageContext: { url: 'https://a.test', title: 'A' },
      })
    ).done;
    const system = s.model.calls[0]!.system;
    const order = [
      prompts['/prompts/system.md']!.trim().slice(0, 30),
      'Answer in French.',
      '<available_skills>',
      '<name>summarise-page</name>',
      'Current date and time: 2025-06-01 12:00',
    ];
    const positions = order.map((needle) => system.indexOf(needle));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(system).not.toContain('Summarise a page'); // only metadata, not the skill body
    // A tool's guidance goes once, as its description in the tool list, not again in the system prompt.
    const guidance = s.model.calls[0]!.tools!.find((t) => t.name === 'echo')!.description;
    expect(guidance.length).toBeGreaterThan(0);
    expect(system).not.toContain(guidance);
    expect(system).not.toContain('## Tool:');
    expect(system).not.toContain('https://a.test'); // page text never reaches the system prompt
    const turn = s.model.calls[0]!.messages[0]!;
    expect(turn.role).toBe('user');
    expect(JSON.stringify(turn.content)).toContain('URL: https://a.test');
  });
});
