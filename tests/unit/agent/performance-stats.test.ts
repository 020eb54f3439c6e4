/** Settings → Performance's figures: denials apart from failures, cache savings in tokens, series over time. */
import { describe, expect, it } from 'vitest';
import { bucketOverTime } from '../../../lib/agent/bucket-over-time';
import { computeLatencyStats } from '../../../lib/agent/compute-latency-stats';
import type { LatencyRecord, ToolLatency } from '../../../lib/agent/latency-store';
import { emptyUsage } from '../../../lib/providers/chat-model';

const rec = (at: number, over: Partial<LatencyRecord> = {}): LatencyRecord => ({
  runId: 'r',
  step: 0,
  provider: 'openai',
  modelId: 'gpt',
  at,
  ttftMs: 100,
  durationMs: 500,
  modelMs: 400,
  tools: [],
  stopReason: 'stop',
  ...over,
});
const tool = (outcome: ToolLatency['outcome'], durationMs = 10): ToolLatency => ({
  toolName: 'fill_form',
  durationMs,
  outcome,
});

describe('performance stats', () => {
  it('counts denied calls apart: they are not failures and did not run', () => {
    const s = computeLatencyStats([
      rec(1, {
        tools: [tool('ok', 10), tool('denied', 9000), tool('error', 30), tool('denied', 8000), tool('stopped', 20)],
      }),
    ]);
    expect(s.tools.fill_form).toMatchObject({ denied: 2, failed: 1, stopped: 1 });
    expect(s.tools.fill_form!.duration).toMatchObject({ count: 3, p99: 30 });
    expect(s.tools.fill_form!.errorRate).toBeCloseTo(1 / 3);
  });

  it('a tool only ever denied has no failures and no durations', () => {
    const s = computeLatencyStats([rec(1, { tools: [tool('denied')] })]);
    expect(s.tools.fill_form).toMatchObject({ denied: 1, failed: 0, errorRate: 0, duration: { count: 0 } });
  });

  it('prompt-cache savings in tokens, overall and per model, from the provider-reported usage', () => {
    const s = computeLatencyStats([
      rec(1, { usage: { ...emptyUsage(), inputTokens: 1000, cachedInputTokens: 0 } }),
      rec(2, { usage: { ...emptyUsage(), inputTokens: 1200, cachedInputTokens: 900 } }),
      rec(3, {
        provider: 'anthropic',
        modelId: 'claude',
        usage: { ...emptyUsage(), inputTokens: 2000, cachedInputTokens: 1500, cacheWriteTokens: 300 },
      }),
      rec(4), // no usage reported: not a step with cache figures
    ]);
    expect(s.cache).toEqual({ inputTokens: 4200, cachedTokens: 2400, cacheWriteTokens: 300, steps: 3 });
    expect(s.cacheHitRate).toBeCloseTo(2400 / 4200);
    expect(s.models['openai/gpt']!.cache).toEqual({
      inputTokens: 2200,
      cachedTokens: 900,
      cacheWriteTokens: 0,
      steps: 2,
    });
    expect(s.models['anthropic/claude']!.cache.cachedTokens).toBe(1500);
    expect(s).toMatchObject({ since: 1, until: 4 });
  });

  it('response time is the model stream, first token and response both charted over the same time range', () => {
    const records = Array.from({ length: 24 }, (_, i) =>
      rec(i * 1000, { ttftMs: i < 12 ? 100 : 300, modelMs: i < 12 ? 1000 : 2000 }),
    );
    const m = computeLatencyStats(records).models['openai/gpt']!;
    expect(m.model).toMatchObject({ count: 24, p50: 1000, p99: 2000 });
    expect(m.ttftOverTime).toHaveLength(12);
    expect(m.ttftOverTime[0]).toMatchObject({ start: 0, p50: 100 });
    expect(m.ttftOverTime.at(-1)).toMatchObject({ end: 23_000, p50: 300 });
    expect(m.modelOverTime.map((b) => b.start)).toEqual(m.ttftOverTime.map((b) => b.start));
  });

  it('no records: empty figures, no time range', () => {
    const s = computeLatencyStats([]);
    expect(s).toEqual({
      models: {},
      tools: {},
      cacheHitRate: 0,
      cache: { inputTokens: 0, cachedTokens: 0, cacheWriteTokens: 0, steps: 0 },
      cacheOverTime: [],
    });
  });
});

describe('bucketOverTime', () => {
  it('groups samples into equal spans; empty spans are gaps with count 0', () => {
    const b = bucketOverTime(
      [
        { at: 0, value: 5 },
        { at: 1, value: 7 },
        { at: 99, value: 50 },
        { at: 100, value: 70 },
      ],
      { since: 0, until: 100, buckets: 4 },
    );
    expect(b.map((x) => x.count)).toEqual([2, 0, 0, 2]);
    expect(b[0]).toMatchObject({ p50: 5, p95: 7 });
    expect(b[3]).toMatchObject({ p50: 50, p95: 70, end: 100 });
  });
  it('one instant: every sample in one bucket', () => {
    expect(
      bucketOverTime(
        [
          { at: 5, value: 1 },
          { at: 5, value: 2 },
        ],
        { since: 5, until: 5, buckets: 3 },
      )[0]!.count,
    ).toBe(2);
  });
});
