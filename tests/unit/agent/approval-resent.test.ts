/**
 * A decision the panel sends again (its Port died before it heard back) takes effect once: a copy of the same
 * decision is answered "decided, repeated", a different one "decided otherwise" with the decision the run goes
 * by, and one for a question that closed (the run stopped) "closed". None of them throws, live or after a restart.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import type { RunJournal } from '../../../lib/agent/run-journal';
import { echoTool, setup, sleep, until } from './harness';

const scripts = () => [toolCallsReply([{ id: 'a1', name: 'submit', input: { value: 'order #5' } }]), textReply('ok')];

function waitingRun() {
  const submit = echoTool('submit', { needsApproval: true, readOnly: false });
  const journal = createMemoryRunJournal();
  const s = setup({ journal, tools: [submit.tool], scripts: scripts(), runtime: { checkpointIntervalMs: 0 } });
  return { submit, journal, s };
}

async function started(s: ReturnType<typeof setup>) {
  const h = await s.start('buy it', { pageContext: { url: 'https://shop.example/cart' } });
  await until(() => s.events.some((e) => e.type === 'approval-requested'));
  return h;
}

describe('a decision sent again', () => {
  it('the same decision twice, in the same moment: taken once, the copy answered as repeated', async () => {
    const { submit, s } = waitingRun();
    const h = await started(s);
    const [first, second] = await Promise.all([
      s.runtime.resolveApproval(h.runId, 'a1', 'approved'),
      s.runtime.resolveApproval(h.runId, 'a1', 'approved'),
    ]);
    expect(first).toEqual({ outcome: 'decided', decision: 'approved' });
    expect(second).toEqual({ outcome: 'decided', decision: 'approved', repeated: true });
    await h.done;
    expect(submit.executions).toHaveLength(1);
    expect(s.events.filter((e) => e.type === 'approval-resolved')).toHaveLength(1);
  });

  it('after the run finished: the same decision is repeated, another is told the one taken', async () => {
    const { submit, s } = waitingRun();
    const h = await started(s);
    await s.runtime.resolveApproval(h.runId, 'a1', 'approved');
    await h.done;
    expect(await s.runtime.resolveApproval(h.runId, 'a1', 'approved')).toEqual({
      outcome: 'decided',
      decision: 'approved',
      repeated: true,
    });
    expect(await s.runtime.resolveApproval(h.runId, 'a1', 'denied')).toEqual({
      outcome: 'decided-otherwise',
      decision: 'approved',
    });
    expect(submit.executions).toHaveLength(1);
  });

  it('a different decision while the first is being taken does not replace it', async () => {
    const { submit, s } = waitingRun();
    const h = await started(s);
    const [first, second] = await Promise.all([
      s.runtime.resolveApproval(h.runId, 'a1', 'denied'),
      s.runtime.resolveApproval(h.runId, 'a1', 'approved'),
    ]);
    expect(first).toEqual({ outcome: 'decided', decision: 'denied' });
    expect(second).toEqual({ outcome: 'decided-otherwise', decision: 'denied' });
    await h.done;
    expect(submit.executions).toHaveLength(0);
  });

  it('for a run stopped while the card waited: closed, and nothing runs', async () => {
    const { submit, s } = waitingRun();
    const h = await started(s);
    await s.runtime.stop(h.runId);
    expect(await s.runtime.resolveApproval(h.runId, 'a1', 'approved')).toEqual({ outcome: 'closed' });
    expect(submit.executions).toHaveLength(0);
  });

  it('to a restarted worker, before and after it resumed the run: taken once, the tool runs once', async () => {
    const { submit, journal, s } = waitingRun();
    const h = await started(s);
    s.runtime.abandon(); // the worker stops while the card waits
    const b = setup({ journal, tools: [submit.tool], scripts: [textReply('done')] });
    // Two copies before the run is resumed (journal path), read in parallel: one is taken.
    const early = await Promise.all([
      b.runtime.resolveApproval(h.runId, 'a1', 'approved'),
      b.runtime.resolveApproval(h.runId, 'a1', 'approved'),
    ]);
    expect(early).toEqual([
      { outcome: 'decided', decision: 'approved' },
      { outcome: 'decided', decision: 'approved', repeated: true },
    ]);
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    // And one more once it is live again.
    expect(await b.runtime.resolveApproval(h.runId, 'a1', 'approved')).toMatchObject({ repeated: true });
    await resumed!.done;
    expect(submit.executions).toHaveLength(1);
    expect((await journal.read(h.runId))!.approvals[0]).toMatchObject({ status: 'approved' });
  });

  it('is answered only once the journal holds it, so a worker stopped right after cannot ask again', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const journal = createMemoryRunJournal();
    // Writes that take a while, as IndexedDB's do.
    const slow: RunJournal = { ...journal, write: async (w) => (await sleep(20), journal.write(w)) };
    const s = setup({ journal: slow, tools: [submit.tool], scripts: scripts(), runtime: { checkpointIntervalMs: 0 } });
    const h = await started(s);
    await s.runtime.resolveApproval(h.runId, 'a1', 'approved');
    s.runtime.abandon(); // the worker stops the moment the panel is answered
    expect((await journal.read(h.runId))!.approvals[0]).toMatchObject({ status: 'approved' });
  });

  it('only the copy that is taken hands over what was typed with it', async () => {
    const { s } = waitingRun();
    const h = await started(s);
    const taken: string[] = [];
    await s.runtime.resolveApproval(h.runId, 'a1', 'approved', () => taken.push('first'));
    await s.runtime.resolveApproval(h.runId, 'a1', 'approved', () => taken.push('second'));
    await h.done;
    await s.runtime.resolveApproval(h.runId, 'a1', 'approved', () => taken.push('late'));
    expect(taken).toEqual(['first']);
  });
});
