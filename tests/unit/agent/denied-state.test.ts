import { describe, expect, it } from 'vitest';
import { computeLatencyStats } from '../../../lib/agent/compute-latency-stats';
import { createInMemoryLatencyStore, type LatencyRecord } from '../../../lib/agent/latency-store';
import { foldRunEvents } from '../../../lib/agent/run-view';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { echoTool, setup, until } from './harness';

const scripts = () => [toolCallsReply([{ id: 'a1', name: 'submit', input: { value: 'order #5' } }]), textReply('ok')];

async function deniedRun() {
  const latency = createInMemoryLatencyStore();
  const submit = echoTool('submit', { needsApproval: true, readOnly: false });
  const s = setup({ tools: [submit.tool], scripts: scripts(), runtime: { latency } });
  const h = await s.start('buy it', { pageContext: { url: 'https://shop.example/cart', title: 'Cart' } });
  await until(() => s.events.some((e) => e.type === 'approval-requested'));
  await s.runtime.resolveApproval(h.runId, 'a1', 'denied');
  await h.done;
  return { s, h, latency, submit };
}

describe('a denied call', () => {
  it('is its own state: the finish event says denied, the journal says so, and the card folds to "denied", live and replayed', async () => {
    const { s, h, submit } = await deniedRun();
    expect(submit.executions).toHaveLength(0);
    const finish = s.events.find((e) => e.type === 'tool-call-finish');
    expect(finish).toMatchObject({ toolCallId: 'a1', isError: true, denied: true });
    expect((await s.journal.read(h.runId))!.toolCalls[0]).toMatchObject({ outcome: 'denied' });
    expect(foldRunEvents(h.runId, s.events).parts.find((p) => p.kind === 'tool')).toMatchObject({
      status: 'denied',
      approval: { decision: 'denied' },
    });
    const replayed = foldRunEvents(h.runId, await s.runtime.replayRun(h.runId));
    expect(replayed.parts.find((p) => p.kind === 'tool')).toMatchObject({ status: 'denied' });
  });

  it('a failure is still a failure (not denied)', async () => {
    const s = setup({ scripts: [toolCallsReply([{ id: 'u', name: 'nope', input: {} }]), textReply('ok')] });
    const h = await s.start('go');
    await h.done;
    expect(s.events.find((e) => e.type === 'tool-call-finish')).not.toHaveProperty('denied');
    expect(foldRunEvents(h.runId, s.events).parts.find((p) => p.kind === 'tool')).toMatchObject({ status: 'error' });
  });

  it('is recorded as denied and counted apart in the performance stats: not a failure, not a duration', async () => {
    const { latency } = await deniedRun();
    const records = await latency.list();
    expect(records[0]!.tools).toEqual([expect.objectContaining({ toolName: 'submit', outcome: 'denied' })]);
    const stats = computeLatencyStats(records);
    expect(stats.tools.submit).toMatchObject({
      duration: { count: 0, p50: 0, p95: 0, p99: 0 },
      errorRate: 0,
      failed: 0,
      denied: 1,
    });
  });

  it('mixed with runs and failures: the error rate is over calls that ran', () => {
    const rec = (outcome: 'ok' | 'error' | 'denied', durationMs: number): LatencyRecord => ({
      runId: 'r',
      step: 0,
      provider: 'p',
      modelId: 'm',
      at: 1,
      durationMs: 1,
      modelMs: 1,
      stopReason: 'stop',
      tools: [{ toolName: 'fill_form', durationMs, outcome }],
    });
    const stats = computeLatencyStats([rec('ok', 10), rec('error', 30), rec('denied', 5000), rec('denied', 9000)]);
    expect(stats.tools.fill_form).toMatchObject({
      duration: { count: 2, p50: 10, p95: 30, p99: 30 },
      errorRate: 0.5,
      failed: 1,
      denied: 2,
    });
  });
});
