import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { echoTool, setup, until } from './harness';

/** Folds events into what a UI shows: text per run, tool results, pending approvals, finish. */
function fold(events: AgentEvent[]) {
  const s = { text: '', tools: {} as Record<string, string>, approvals: [] as string[], finished: undefined as string | undefined };
  for (const e of events) {
    if (e.type === 'text-delta') s.text += e.delta;
    if (e.type === 'tool-call-finish') s.tools[e.toolCallId] = e.output;
    if (e.type === 'approval-requested') s.approvals.push(e.toolCallId);
    if (e.type === 'approval-resolved') s.approvals = s.approvals.filter((id) => id !== e.toolCallId);
    if (e.type === 'run-finish') s.finished = e.reason;
  }
  return s;
}

describe('replayRun', () => {
  it('rebuilds the same UI state as the live events, for a finished run', async () => {
    const echo = echoTool('echo');
    const s = setup({ tools: [echo.tool], scripts: [toolCallsReply([{ id: 't', name: 'echo', input: { value: 'v' } }], 'Let me check. '), textReply('Done.', 3)] });
    const h = await s.start('q');
    await h.done;
    const replayed = await s.runtime.replayRun(h.runId);
    expect(fold(replayed)).toEqual(fold(s.events));
    expect(replayed.map((e) => e.type).filter((t) => t !== 'text-delta')).toEqual(s.events.map((e) => e.type).filter((t) => t !== 'text-delta'));
  });

  it('shows a pending approval to a UI that opens mid-run', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const s = setup({ tools: [submit.tool], scripts: [toolCallsReply([{ id: 'a', name: 'submit', input: { value: 'x' } }], 'Submitting. '), textReply('ok')] });
    const h = await s.start('q');
    await until(() => s.events.some((e) => e.type === 'approval-requested'));
    const state = fold(await s.runtime.replayRun(h.runId));
    expect(state).toMatchObject({ text: 'Submitting. ', approvals: ['a'], finished: undefined });
    await s.runtime.resolveApproval(h.runId, 'a', 'approved');
    await h.done;
    expect(fold(await s.runtime.replayRun(h.runId))).toMatchObject({ approvals: [], finished: 'stop', tools: { a: 'submit:x' } });
  });
});
