/**
 * Long tasks: at the step limit a run pauses with "Continue for N more steps?" instead of ending. Only the
 * user's click continues it, by the user's own limit; the question survives a worker restart like an approval.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { replayRunEvents } from '../../../lib/agent/replay-run';
import { foldRunEvents } from '../../../lib/agent/run-view';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { createDelegateTool, type SubAgentDefinition } from '../../../lib/tools/delegate-tool';
import { echoTool, setup, sleep, until } from './harness';

const loop = (n: number) =>
  Array.from({ length: n }, (_, i) => toolCallsReply([{ id: `t${i}`, name: 'echo', input: { value: String(i) } }]));
const paused = (events: AgentEvent[]) =>
  events.filter((e): e is Extract<AgentEvent, { type: 'run-paused' }> => e.type === 'run-paused');

describe('the pause at the step limit', () => {
  it('waits for a click, then continues for the limit again and finishes the task', async () => {
    const echo = echoTool('echo');
    const s = setup({ tools: [echo.tool], scripts: [...loop(5), textReply('booked')] });
    const h = await s.start('book it', { maxSteps: 3 });
    await until(() => paused(s.events).length === 1);
    // Nothing goes on by itself.
    await sleep(30);
    expect(s.model.calls).toHaveLength(3);
    expect(paused(s.events)[0]).toMatchObject({ runId: h.runId, pauseId: 'continue-3', steps: 3, more: 3 });
    await s.runtime.resolveApproval(h.runId, 'continue-3', 'approved');
    const r = await h.done;
    expect(r.reason).toBe('stop');
    expect(r.text).toBe('booked');
    expect(s.model.calls).toHaveLength(6);
    expect(echo.executions).toHaveLength(5);
    // The panel shows the question and what the user chose.
    const view = foldRunEvents(h.runId, s.events);
    expect(view.parts.filter((p) => p.kind === 'pause')).toEqual([
      { kind: 'pause', pauseId: 'continue-3', steps: 3, more: 3, decision: 'continue' },
    ]);
  });

  it('asks again at each new limit: 2 + 2 + 2 steps take two clicks', async () => {
    const echo = echoTool('echo');
    const s = setup({ tools: [echo.tool], scripts: [...loop(5), textReply('done')] });
    const h = await s.start('go', { maxSteps: 2 });
    await until(() => paused(s.events).length === 1);
    await s.runtime.resolveApproval(h.runId, 'continue-2', 'approved');
    await until(() => paused(s.events).length === 2);
    expect(paused(s.events)[1]).toMatchObject({ pauseId: 'continue-4', steps: 4, more: 2 });
    expect(s.model.calls).toHaveLength(4);
    await s.runtime.resolveApproval(h.runId, 'continue-4', 'approved');
    expect((await h.done).reason).toBe('stop');
    expect(s.model.calls).toHaveLength(6);
  });

  it('Stop while paused ends the run as stopped, and the journal says so', async () => {
    const echo = echoTool('echo');
    const journal = createMemoryRunJournal();
    const s = setup({ journal, tools: [echo.tool], scripts: loop(5) });
    const h = await s.start('go', { maxSteps: 1 });
    await until(() => paused(s.events).length === 1);
    await s.runtime.stop(h.runId);
    expect((await h.done).reason).toBe('stopped');
    const snap = (await journal.read(h.runId))!;
    expect(snap.approvals.find((a) => a.toolCallId === 'continue-1')?.status).toBe('cancelled');
    expect(snap.run.status).toBe('finished');
  });

  it('survives a worker restart: the resumed run asks again without calling the model, and a click continues it', async () => {
    const echo = echoTool('echo');
    const journal = createMemoryRunJournal();
    const first = setup({ journal, tools: [echo.tool], scripts: loop(3) });
    const h = await first.start('go', { maxSteps: 2 });
    await until(() => paused(first.events).length === 1);
    first.runtime.abandon();
    const second = setup({ journal, tools: [echo.tool], scripts: [textReply('finished')] });
    const [resumed] = await second.runtime.resumeUnfinishedRuns();
    await until(() => paused(second.events).length === 1);
    expect(second.model.calls).toHaveLength(0);
    // A panel opened now sees the same question (replayed from the journal).
    const replay = replayRunEvents((await journal.read(h.runId))!);
    expect(paused(replay)).toEqual([{ type: 'run-paused', runId: h.runId, pauseId: 'continue-2', steps: 2, more: 2 }]);
    await second.runtime.resolveApproval(h.runId, 'continue-2', 'approved');
    expect((await resumed!.done).reason).toBe('stop');
    expect(second.model.calls).toHaveLength(1);
    expect(echo.executions).toHaveLength(2);
  });

  it('a Continue clicked while no worker ran the run is kept and honoured on resume', async () => {
    const echo = echoTool('echo');
    const journal = createMemoryRunJournal();
    const first = setup({ journal, tools: [echo.tool], scripts: loop(3) });
    const h = await first.start('go', { maxSteps: 1 });
    await until(() => paused(first.events).length === 1);
    first.runtime.abandon();
    const second = setup({ journal, tools: [echo.tool], scripts: [textReply('ok')] });
    expect(await second.runtime.hasPendingApproval(h.runId, 'continue-1')).toBe(true);
    await second.runtime.resolveApproval(h.runId, 'continue-1', 'approved');
    const [resumed] = await second.runtime.resumeUnfinishedRuns();
    expect((await resumed!.done).reason).toBe('stop');
    expect(second.model.calls).toHaveLength(1);
  });

  it('a sub-agent has no one to ask: it ends at its own limit', async () => {
    const echo = echoTool('echo');
    const agents: SubAgentDefinition[] = [
      { name: 'helper', description: 'Helps.', instructions: 'Help.', tools: ['echo'] },
    ];
    const s = setup({
      tools: [echo.tool],
      builtins: [createDelegateTool(agents)],
      runtime: { agents },
      scripts: [
        toolCallsReply([{ id: 'd', name: 'delegate', input: { agent: 'helper', task: 'loop' } }]),
        ...loop(2),
        textReply('parent done'),
      ],
    });
    const h = await s.start('delegate', { maxSteps: 2 });
    const r = await h.done;
    expect(paused(s.events)).toHaveLength(0);
    expect(r.text).toBe('parent done');
  });
});
