import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { textReply, toolCallsReply, type ScriptItem } from '../../../lib/agent/testing/fake-chat-model';
import { createDelegateTool, type SubAgentDefinition } from '../../../lib/tools/delegate-tool';
import { echoTool, setup } from './harness';

const calls = (n: number, name = 'echo') =>
  Array.from({ length: n }, (_, i) => ({ id: `c${i}`, name, input: { value: String(i) } }));
const errors = (events: AgentEvent[]) =>
  events.filter((e): e is Extract<AgentEvent, { type: 'error' }> => e.type === 'error').map((e) => e.error);

describe('run caps', () => {
  it('ends the run before any call of a step with too many tool calls runs', async () => {
    const echo = echoTool('echo', { readOnly: false });
    const journal = createMemoryRunJournal();
    const s = setup({ tools: [echo.tool], journal, scripts: [toolCallsReply(calls(14)), textReply('never asked')] });
    const h = await s.start('go');
    const r = await h.done;
    expect(r.reason).toBe('error');
    expect(r.error).toMatchObject({
      code: 'tool_call_limit',
      message: 'Stopped: this run made 14 tool calls in one step; the limit is 10 (Settings → Assistant).',
    });
    expect(echo.executions).toEqual([]);
    expect(s.model.calls).toHaveLength(1);
    expect(errors(s.events)).toEqual([r.error]);
    const snap = (await journal.read(h.runId))!;
    expect(snap.toolCalls).toHaveLength(14);
    expect(
      snap.toolCalls.every(
        (c) =>
          c.status === 'done' &&
          c.isError &&
          c.result !== undefined &&
          'error' in c.result &&
          c.result.error.startsWith('Not run: Stopped'),
      ),
    ).toBe(true);
    expect(snap.run).toMatchObject({ status: 'finished', finishReason: 'error', error: { code: 'tool_call_limit' } });
  });

  it('runs a step at the limit, and takes the limit from the run settings', async () => {
    const echo = echoTool('echo');
    const s = setup({ tools: [echo.tool], scripts: [toolCallsReply(calls(3)), textReply('done')] });
    expect((await (await s.start('go', { maxToolCallsPerStep: 3 })).done).reason).toBe('stop');
    expect(echo.executions).toHaveLength(3);

    const tight = setup({ tools: [echo.tool], scripts: [toolCallsReply(calls(3)), textReply('done')] });
    const r = await (await tight.start('go', { maxToolCallsPerStep: 2 })).done;
    expect(r.error?.message).toBe(
      'Stopped: this run made 3 tool calls in one step; the limit is 2 (Settings → Assistant).',
    );
    expect(echo.executions).toHaveLength(3); // none more
  });

  it('a resumed run does not run the calls of a refused step', async () => {
    const echo = echoTool('echo', { readOnly: false });
    const journal = createMemoryRunJournal();
    const s = setup({ tools: [echo.tool], journal, scripts: [toolCallsReply(calls(12))] });
    const h = await s.start('go');
    await h.done;
    const again = setup({ tools: [echo.tool], journal, scripts: [] });
    await (
      await again.runtime.resumeRun(h.runId)
    ).done;
    expect(echo.executions).toEqual([]);
  });

  it('ends the run when the token budget is spent, using the reported usage', async () => {
    const echo = echoTool('echo');
    const reply = toolCallsReply(calls(1));
    reply[reply.length - 1] = {
      type: 'finish',
      finishReason: 'tool-calls',
      usage: { inputTokens: 1500, outputTokens: 100, cachedInputTokens: 0, cacheWriteTokens: 0 },
    };
    const s = setup({ tools: [echo.tool], scripts: [reply, reply, textReply('never')] });
    const r = await (await s.start('go', { maxRunTokens: 3000 })).done;
    expect(r.reason).toBe('error');
    expect(r.error).toMatchObject({
      code: 'token_budget',
      message: 'Stopped: this run used about 3,200 tokens; the budget is 3,000 (Settings → Assistant).',
    });
    // The first step's call ran (1,600 tokens then); the second step's did not.
    expect(echo.executions).toHaveLength(1);
    expect(s.model.calls).toHaveLength(2);
  });

  it('estimates tokens when the provider reports none', async () => {
    const echo = echoTool('echo');
    const big = 'x'.repeat(8000); // about 2,000 tokens of output
    const s = setup({ tools: [echo.tool], scripts: [toolCallsReply(calls(1), big), textReply('never')] });
    const r = await (await s.start('go', { maxRunTokens: 1000 })).done;
    expect(r.error?.code).toBe('token_budget');
    expect(echo.executions).toEqual([]);
  });

  it('a final answer past the budget still finishes normally', async () => {
    const s = setup({ scripts: [textReply('x'.repeat(8000))] });
    expect((await (await s.start('go', { maxRunTokens: 1000 })).done).reason).toBe('stop');
  });

  it('ends the run when a step asks for more sub-agents at once than allowed', async () => {
    const agents: SubAgentDefinition[] = [{ name: 'helper', description: 'helps', instructions: 'Help.', tools: [] }];
    const s = setup({
      builtins: [createDelegateTool(agents)],
      runtime: { agents },
      scripts: [
        toolCallsReply(calls(3, 'delegate').map((c) => ({ ...c, input: { agent: 'helper', task: 't' } }))),
        textReply('a'),
        textReply('b'),
        textReply('c'),
      ],
    });
    const r = await (await s.start('go')).done;
    expect(r.error).toMatchObject({
      code: 'sub_agent_limit',
      message: 'Stopped: this run would have 3 sub-agents running at once; the limit is 2 (Settings → Assistant).',
    });
    expect(s.model.calls).toHaveLength(1); // no sub-agent started
  });

  it('counts sub-agents running beside one another, not the chain waiting on them', async () => {
    const agents: SubAgentDefinition[] = [
      { name: 'lead', description: 'leads', instructions: 'Lead.', tools: ['delegate'] },
      { name: 'helper', description: 'helps', instructions: 'Help.', tools: [] },
    ];
    const delegateTo = (agent: string, ids: string[]) =>
      toolCallsReply(ids.map((id) => ({ id, name: 'delegate', input: { agent, task: 't' } })));
    // Two leads run side by side; each then asks for two helpers: 2 + 1 beside it > 2. Each lead's answer has
    // begun (a first word, taken in) before either asks for its helpers, so each asks while the other runs.
    let leads = 0;
    let begun = 0;
    let bothBegun!: () => void;
    const answering = new Promise<void>((resolve) => (bothBegun = resolve));
    const respond = (call: { system: string; messages: { role: string }[] }): ScriptItem[] => {
      if (call.system.includes('Help.')) return textReply('helped');
      if (call.system.includes('Lead.')) {
        if (call.messages.length !== 1) return textReply('lead done');
        const id = ++leads;
        return [
          { type: 'text-delta', delta: 'Asking. ' },
          { reached: () => void (++begun === 2 && bothBegun()) },
          { until: answering },
          ...delegateTo('helper', [`h${id}a`, `h${id}b`]),
        ];
      }
      return call.messages.length === 1 ? delegateTo('lead', ['l1', 'l2']) : textReply('top done');
    };
    const s = setup({
      builtins: [createDelegateTool(agents)],
      runtime: { agents },
      scripts: Array.from({ length: 10 }, () => respond),
    });
    const r = await (await s.start('go')).done;
    expect(r.reason).toBe('stop');
    const top = s.model.calls.at(-1)!.messages.at(-1)!.content;
    expect(top).toHaveLength(2);
    for (const part of top) {
      expect(part).toMatchObject({ isError: true });
      expect(part.type === 'tool-result' && part.output).toMatch(
        /would have 3 sub-agents running at once; the limit is 2/,
      );
    }
    expect(s.model.calls.filter((c) => c.system.includes('Help.'))).toHaveLength(0);
  });

  it('a chain of sub-agents is not fan-out: one lead may start two helpers', async () => {
    const agents: SubAgentDefinition[] = [
      { name: 'lead', description: 'leads', instructions: 'Lead.', tools: ['delegate'] },
      { name: 'helper', description: 'helps', instructions: 'Help.', tools: [] },
    ];
    const s = setup({
      builtins: [createDelegateTool(agents)],
      runtime: { agents },
      scripts: Array.from({ length: 6 }, () => (call: { system: string; messages: { role: string }[] }) => {
        if (call.system.includes('Help.')) return textReply('helped');
        if (call.system.includes('Lead.'))
          return call.messages.length === 1
            ? toolCallsReply([
                { id: 'h1', name: 'delegate', input: { agent: 'helper', task: 't' } },
                { id: 'h2', name: 'delegate', input: { agent: 'helper', task: 't' } },
              ])
            : textReply('lead done');
        return call.messages.length === 1
          ? toolCallsReply([{ id: 'd', name: 'delegate', input: { agent: 'lead', task: 't' } }])
          : textReply('top done');
      }),
    });
    const r = await (await s.start('go')).done;
    expect(r).toMatchObject({ reason: 'stop', text: 'top done' });
    expect(s.model.calls.filter((c) => c.system.includes('Help.'))).toHaveLength(2);
  });
});
