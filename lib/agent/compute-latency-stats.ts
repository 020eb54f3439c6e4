/** Rolling latency and prompt-cache figures for Settings → Performance, computed from the recorded steps. */
import type { LatencyRecord } from './latency-store';
import { bucketOverTime, type TimeBucket } from './bucket-over-time';
import { percentile } from './percentile';

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The prompt cache as the providers reported it (OpenAI cached_tokens, Anthropic cache_read_input_tokens). */
export interface CacheFigures {
  /** Prompt tokens sent, cached ones included. */
  inputTokens: number;
  /** Prompt tokens served from the cache: the saving (billed at a discount, and faster). */
  cachedTokens: number;
  /** Tokens written to the cache (Anthropic cache_creation_input_tokens; 0 elsewhere). */
  cacheWriteTokens: number;
  /** Steps whose usage the provider reported. */
  steps: number;
}

export interface ToolFigures {
  /** Calls that ran (denied ones did not, and are not in these percentiles). */
  duration: Percentiles;
  /** Failures among the calls that ran: a denial or a user's Stop is not a failure. */
  errorRate: number;
  failed: number;
  /** Calls the user denied on the approval card, counted apart. */
  denied: number;
  /** Calls ended by the user's Stop, counted apart. */
  stopped: number;
  overTime: TimeBucket[];
}

export interface ModelFigures {
  /** The adapter's kind ('openai', 'openai-compatible', ...). */
  provider: string;
  /** The provider instance, when the records name it (Settings shows its name, as the panel does). */
  providerId?: string;
  modelId: string;
  ttft: Percentiles;
  /** Model stream plus the step's tools. */
  step: Percentiles;
  /** The model's whole response (stream start to end). */
  model: Percentiles;
  ttftOverTime: TimeBucket[];
  modelOverTime: TimeBucket[];
  cache: CacheFigures;
}

export interface LatencyStats {
  /** Keyed by `${providerId}/${modelId}` (`${provider}/${modelId}` for records that do not name the instance). */
  models: Record<string, ModelFigures>;
  tools: Record<string, ToolFigures>;
  /** Share of input tokens served from the provider's prompt cache (0 when no usage was recorded). */
  cacheHitRate: number;
  cache: CacheFigures;
  /** Per time bucket, `p50` holds the cache hit rate (0 to 1) of the steps in it. */
  cacheOverTime: TimeBucket[];
  /** The oldest and newest record measured (absent when there are none). */
  since?: number;
  until?: number;
}

/** Buckets a chart is drawn from: few enough to read at a glance. */
export const CHART_BUCKETS = 12;

export { percentile };

export function percentiles(values: number[]): Percentiles {
  const s = [...values].sort((a, b) => a - b);
  return { count: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}

function cacheOf(records: LatencyRecord[]): CacheFigures {
  const out: CacheFigures = { inputTokens: 0, cachedTokens: 0, cacheWriteTokens: 0, steps: 0 };
  for (const r of records) {
    if (!r.usage) continue;
    out.steps++;
    out.inputTokens += r.usage.inputTokens;
    out.cachedTokens += r.usage.cachedInputTokens;
    out.cacheWriteTokens += r.usage.cacheWriteTokens;
  }
  return out;
}

/** Rolling stats over the newest `window` records (all when omitted). */
export function computeLatencyStats(records: LatencyRecord[], window?: number): LatencyStats {
  const recent = window === undefined ? records : records.slice(-window);
  const since = recent.length ? Math.min(...recent.map((r) => r.at)) : undefined;
  const until = recent.length ? Math.max(...recent.map((r) => r.at)) : undefined;
  const range = { since: since ?? 0, until: until ?? 0, buckets: CHART_BUCKETS };
  const byModel = new Map<string, LatencyRecord[]>();
  const byTool = new Map<
    string,
    { samples: { at: number; value: number }[]; failed: number; denied: number; stopped: number }
  >();
  for (const r of recent) {
    const key = `${r.providerId ?? r.provider}/${r.modelId}`;
    byModel.set(key, [...(byModel.get(key) ?? []), r]);
    for (const t of r.tools) {
      const e = byTool.get(t.toolName) ?? { samples: [], failed: 0, denied: 0, stopped: 0 };
      if (t.outcome === 'denied') e.denied++;
      else {
        e.samples.push({ at: r.at, value: t.durationMs });
        if (t.outcome === 'stopped') e.stopped++;
        else if (t.outcome !== 'ok') e.failed++;
      }
      byTool.set(t.toolName, e);
    }
  }
  const models: LatencyStats['models'] = {};
  for (const [key, rs] of byModel) {
    const ttft = rs.flatMap((r) => (r.ttftMs === undefined ? [] : [{ at: r.at, value: r.ttftMs }]));
    const model = rs.map((r) => ({ at: r.at, value: r.modelMs }));
    const { provider, providerId, modelId } = rs[0]!;
    models[key] = {
      provider,
      ...(providerId ? { providerId } : {}),
      modelId,
      ttft: percentiles(ttft.map((s) => s.value)),
      step: percentiles(rs.map((r) => r.durationMs)),
      model: percentiles(model.map((s) => s.value)),
      ttftOverTime: bucketOverTime(ttft, range),
      modelOverTime: bucketOverTime(model, range),
      cache: cacheOf(rs),
    };
  }
  const tools: LatencyStats['tools'] = {};
  for (const [name, e] of byTool) {
    const ran = e.samples.length;
    tools[name] = {
      duration: percentiles(e.samples.map((s) => s.value)),
      errorRate: ran > 0 ? e.failed / ran : 0,
      failed: e.failed,
      denied: e.denied,
      stopped: e.stopped,
      overTime: bucketOverTime(e.samples, range),
    };
  }
  const cache = cacheOf(recent);
  const hitSamples = recent.flatMap((r) =>
    r.usage && r.usage.inputTokens > 0 ? [{ at: r.at, value: r.usage.cachedInputTokens / r.usage.inputTokens }] : [],
  );
  return {
    models,
    tools,
    cacheHitRate: cache.inputTokens > 0 ? cache.cachedTokens / cache.inputTokens : 0,
    cache,
    cacheOverTime: bucketOverTime(hitSamples, range),
    ...(since !== undefined ? { since, until } : {}),
  };
}
