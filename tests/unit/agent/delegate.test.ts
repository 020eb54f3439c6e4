import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { createDelegateTool, type SubAgentDefinition } from '../../../lib/tools/delegate-tool';
import { echoTool, setup } from './harness';

const agent = (name: string, tools: string[]): SubAgentDefinition => ({
  name,
  description: `${name} agent`,
  instructions: `You are ${name}.`,
  tools,
});

describe('delegate', () => {
  it('runs a sub-agent with its own instructions and tools; its events nest under the tool call', async () => {
    const echo = echoTool('echo');
    const other = echoTool('other');
    const agents = [agent('researcher', ['echo'])];
    const s = setup({
      builtins: [createDelegateTool(agents)],
      tools: [echo.tool, other.tool],
      runtime: { agents },
      scripts: [
        toolCallsReply([{ id: 'd1', name: 'delegate', input: { agent: 'researcher', task: 'find X' } }]),
        toolCallsReply([{ id: 'e1', name: 'echo', input: { value: 'X' } }]), // the sub-agent's first step
        textReply('X is 42'), // the sub-agent's answer
        textReply('The researcher says X is 42.'),
      ],
    });
    const h = await s.start('what is X?');
    const r = await h.done;
    expect(r.reason).toBe('stop');
    const sub = s.model.calls[1]!;
    expect(sub.system).toContain('You are researcher.');
    expect(sub.tools?.map((t) => t.name)).toEqual(['echo']);
    expect(sub.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'find X' }] }]);
    expect(s.model.calls[3]!.messages.at(-1)!.content[0]).toMatchObject({
      toolCallId: 'd1',
      output: 'X is 42',
      isError: false,
    });
    const nested = s.events.filter((e): e is Extract<AgentEvent, { type: 'nested' }> => e.type === 'nested');
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.every((e) => e.runId === h.runId && e.parentToolCallId === 'd1')).toBe(true);
    expect(nested.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ type: 'tool-call-start', toolCallId: 'e1', parentToolCallId: 'd1' }),
    );
    expect(nested.at(-1)!.event.type).toBe('run-finish');
    // Top-level events carry only the parent run id.
    expect(s.events.filter((e) => e.type !== 'nested').every((e) => 'runId' in e && e.runId === h.runId)).toBe(true);
  });

  it('refuses cycles', async () => {
    const agents = [agent('a', ['delegate']), agent('b', ['delegate'])];
    const s = setup({
      builtins: [createDelegateTool(agents)],
      runtime: { agents },
      scripts: [
        toolCallsReply([{ id: 'd1', name: 'delegate', input: { agent: 'a', task: 't' } }]),
        toolCallsReply([{ id: 'd2', name: 'delegate', input: { agent: 'b', task: 't' } }]),
        toolCallsReply([{ id: 'd3', name: 'delegate', input: { agent: 'a', task: 't' } }]),
        textReply('b gives up'),
        textReply('a done'),
        textReply('top done'),
      ],
    });
    await (
      await s.start('go')
    ).done;
    const bSawResult = s.model.calls[3]!.messages.at(-1)!.content[0]!;
    expect(bSawResult).toMatchObject({ toolCallId: 'd3', isError: true });
    expect(bSawResult.type === 'tool-result' && bSawResult.output).toMatch(/Delegation cycle refused: a → b → a/);
  });

  it('limits depth to 3', async () => {
    const agents = [agent('a', ['delegate']), agent('b', ['delegate']), agent('c', ['delegate']), agent('d', [])];
    const call = (id: string, to: string) =>
      toolCallsReply([{ id, name: 'delegate', input: { agent: to, task: 't' } }]);
    const s = setup({
      builtins: [createDelegateTool(agents)],
      runtime: { agents },
      scripts: [
        call('1', 'a'),
        call('2', 'b'),
        call('3', 'c'),
        call('4', 'd'),
        textReply('c'),
        textReply('b'),
        textReply('a'),
        textReply('top'),
      ],
    });
    expect((await (await s.start('go')).done).reason).toBe('stop');
    const cSaw = s.model.calls[4]!.messages.at(-1)!.content[0]!;
    expect(cSaw).toMatchObject({ toolCallId: '4', isError: true });
    expect(cSaw.type === 'tool-result' && cSaw.output).toMatch(/depth limit \(3\)/);
  });

  it('reports an unknown agent as a tool error', async () => {
    const s = setup({
      builtins: [createDelegateTool([])],
      scripts: [toolCallsReply([{ id: 'd', name: 'delegate', input: { agent: 'ghost', task: 't' } }]), textReply('ok')],
    });
    await (
      await s.start('go')
    ).done;
    expect(s.model.calls[1]!.messages.at(-1)!.content[0]).toMatchObject({
      isError: true,
      output: 'Error: No sub-agent named "ghost". Available: (none)',
    });
  });
});
