import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { foldRunEvents } from '../../../lib/agent/run-view';
import { resultText } from '../../../lib/agent/to-model-text';
import { createDelegateTool } from '../../../lib/tools/delegate-tool';
import { echoTool, setup, until } from './harness';

/** Folds events into what a UI shows: text per run, tool results, pending approvals, finish. */
function fold(events: AgentEvent[]) {
  const s = {
    text: '',
    tools: {} as Record<string, string>,
    approvals: [] as string[],
    finished: undefined as string | undefined,
  };
  for (const e of events) {
    if (e.type === 'text-delta') s.text += e.delta;
    if (e.type === 'tool-call-finish') s.tools[e.toolCallId] = resultText(e.result);
    if (e.type === 'approval-requested') s.approvals.push(e.toolCallId);
    if (e.type === 'approval-resolved') s.approvals = s.approvals.filter((id) => id !== e.toolCallId);
    if (e.type === 'run-finish') s.finished = e.reason;
  }
  return s;
}

describe('replayRun', () => {
  it('rebuilds the same UI state as the live events, for a finished run', async () => {
    const echo = echoTool('echo');
    const s = setup({
      tools: [echo.tool],
      scripts: [
        toolCallsReply([{ id: 't', name: 'echo', input: { value: 'v' } }], 'Let me check. '),
        textReply('Done.', 3),
      ],
    });
    const h = await s.start('q');
    await h.done;
    const replayed = await s.runtime.replayRun(h.runId);
    expect(fold(replayed)).toEqual(fold(s.events));
    expect(replayed.map((e) => e.type).filter((t) => t !== 'text-delta')).toEqual(
      s.events.map((e) => e.type).filter((t) => t !== 'text-delta'),
    );
  });

  it('shows a pending approval to a UI that opens mid-run', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({
      tools: [submit.tool],
      scripts: [toolCallsReply([{ id: 'a', name: 'submit', input: { value: 'x' } }], 'Submitting. '), textReply('ok')],
    });
    const h = await s.start('q');
    await until(() => s.events.some((e) => e.type === 'approval-requested'));
    const state = fold(await s.runtime.replayRun(h.runId));
    expect(state).toMatchObject({ text: 'Submitting. ', approvals: ['a'], finished: undefined });
    await s.runtime.resolveApproval(h.runId, 'a', 'approved');
    await h.done;
    expect(fold(await s.runtime.replayRun(h.runId))).toMatchObject({
      approvals: [],
      finished: 'stop',
      tools: { a: 'submit:x' },
    });
  });

  it('nests a sub-agent run under the tool call that started it, as the live events did', async () => {
    const echo = echoTool('echo');
    const agents = [{ name: 'researcher', description: 'r', instructions: 'You are researcher.', tools: ['echo'] }];
    const s = setup({
      builtins: [createDelegateTool(agents)],
      tools: [echo.tool],
      runtime: { agents },
      scripts: [
        toolCallsReply([{ id: 'd1', name: 'delegate', input: { agent: 'researcher', task: 'find X' } }]),
        toolCallsReply([{ id: 'e1', name: 'echo', input: { value: 'X' } }]),
        textReply('X is 42'),
        textReply('The researcher says X is 42.'),
      ],
    });
    const h = await s.start('what is X?');
    await h.done;
    const live = foldRunEvents(h.runId, s.events);
    const replayed = foldRunEvents(h.runId, await s.runtime.replayRun(h.runId));
    expect(replayed).toEqual(live);
    expect(replayed.parts[0]).toMatchObject({
      kind: 'tool',
      toolCallId: 'd1',
      nested: [
        { kind: 'tool', toolCallId: 'e1' },
        { kind: 'text', text: 'X is 42' },
      ],
    });
  });

  it('a live run replays what it streamed so far, before any checkpoint, and its tool calls being streamed', async () => {
    const s = setup({
      scripts: [
        [
          { type: 'text-delta', delta: 'Half of ' },
          { type: 'tool-call-start', toolCallId: 'c', toolName: 'echo' },
          { hang: true },
        ],
      ],
    });
    const h = await s.start('q');
    await until(() => s.events.some((e) => e.type === 'tool-call-start'));
    expect((await s.journal.read(h.runId))!.steps[0]!.text).toBe(''); // nothing checkpointed yet
    const view = foldRunEvents(h.runId, await s.runtime.replayRun(h.runId));
    expect(view.parts).toEqual(foldRunEvents(h.runId, s.events).parts);
    expect(view.parts).toMatchObject([
      { kind: 'text', text: 'Half of ' },
      { kind: 'tool', toolCallId: 'c', status: 'running' },
    ]);
    await s.runtime.stop(h.runId);
  });
});
