import { describe, expect, it } from 'vitest';
import { computeLatencyStats, percentile } from '../../../lib/agent/compute-latency-stats';
import { createInMemoryLatencyStore, type LatencyRecord } from '../../../lib/agent/latency-store';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { emptyUsage } from '../../../lib/providers/chat-model';
import { echoTool, setup } from './harness';

const rec = (i: number, over: Partial<LatencyRecord> = {}): LatencyRecord => ({
  runId: 'r',
  step: i,
  provider: 'openai',
  modelId: 'gpt',
  at: i,
  ttftMs: i,
  durationMs: i * 10,
  modelMs: i * 5,
  tools: [],
  stopReason: 'stop',
  usage: { ...emptyUsage(), inputTokens: 100, cachedInputTokens: 25 },
  ...over,
});

describe('latency stats', () => {
  it('nearest-rank percentiles', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(v, 50), percentile(v, 95), percentile(v, 99)]).toEqual([50, 95, 99]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('per provider+model, per tool, and the prompt-cache hit rate', () => {
    const records = [
      ...Array.from({ length: 20 }, (_, i) =>
        rec(i + 1, { tools: [{ toolName: 'read', durationMs: (i + 1) * 2, outcome: i === 0 ? 'error' : 'ok' }] }),
      ),
      rec(5, {
        provider: 'anthropic',
        modelId: 'claude',
        usage: { ...emptyUsage(), inputTokens: 100, cachedInputTokens: 75 },
      }),
    ];
    const s = computeLatencyStats(records);
    expect(s.models['openai/gpt']!.ttft).toEqual({ count: 20, p50: 10, p95: 19, p99: 20 });
    expect(s.models['openai/gpt']!.step.p50).toBe(100);
    expect(s.models['anthropic/claude']!.ttft.count).toBe(1);
    expect(s.tools.read!.duration).toEqual({ count: 20, p50: 20, p95: 38, p99: 40 });
    expect(s.tools.read!.errorRate).toBeCloseTo(0.05);
    expect(s.cacheHitRate).toBeCloseTo((20 * 25 + 75) / (21 * 100));
    expect(computeLatencyStats(records, 1).models['openai/gpt']).toBeUndefined(); // rolling window
  });

  it('apart per provider instance where the records name it, so two local servers of one kind are not merged', () => {
    const s = computeLatencyStats([
      rec(1, { provider: 'openai-compatible', providerId: 'p-ollama', modelId: 'llama3.2' }),
      rec(2, { provider: 'openai-compatible', providerId: 'p-lmstudio', modelId: 'llama3.2' }),
      rec(3, { provider: 'openai-compatible', providerId: 'p-ollama', modelId: 'llama3.2' }),
      rec(4), // an older record, without the instance
    ]);
    expect(Object.keys(s.models).sort()).toEqual(['openai/gpt', 'p-lmstudio/llama3.2', 'p-ollama/llama3.2']);
    expect(s.models['p-ollama/llama3.2']).toMatchObject({
      provider: 'openai-compatible',
      providerId: 'p-ollama',
      modelId: 'llama3.2',
      model: { count: 2 },
    });
    expect(s.models['openai/gpt']).toMatchObject({ provider: 'openai', modelId: 'gpt' });
    expect(s.models['openai/gpt']!.providerId).toBeUndefined();
  });

  it('the runtime records one latency record per step with tool durations and outcomes', async () => {
    const latency = createInMemoryLatencyStore();
    const echo = echoTool('echo', { delayMs: 20 });
    const s = setup({
      tools: [echo.tool],
      runtime: { latency },
      scripts: [
        toolCallsReply([
          { id: 't', name: 'echo', input: { value: 'v' } },
          { id: 'u', name: 'nope', input: {} },
        ]),
        textReply('ok', 1, { inputTokens: 50, cachedInputTokens: 40 }),
      ],
    });
    await (
      await s.start('go')
    ).done;
    const records = await latency.list();
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ step: 0, provider: 'fake', modelId: 'fake-model', stopReason: 'tool-calls' });
    // The provider instance of the run's model (its ModelRef), which Settings names as the panel does.
    expect(records[0]!.providerId).toBe('fake');
    expect(records[0]!.tools.map((t) => [t.toolName, t.outcome])).toEqual([
      ['echo', 'ok'],
      ['nope', 'unknown-tool'],
    ]);
    expect(records[0]!.tools[0]!.durationMs).toBeGreaterThanOrEqual(15);
    expect(records[0]!.durationMs).toBeGreaterThanOrEqual(records[0]!.modelMs);
    expect(records[1]!.ttftMs).toBeTypeOf('number');
    expect(computeLatencyStats(records).cacheHitRate).toBeCloseTo(0.8);
  });
});
