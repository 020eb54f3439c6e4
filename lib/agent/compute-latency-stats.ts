import type { LatencyRecord } from './latency-store';

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LatencyStats {
  /** Keyed by `${provider}/${modelId}`. */
  models: Record<string, { ttft: Percentiles; step: Percentiles; model: Percentiles }>;
  /** Denied calls never ran: counted apart (`denied`), in neither the durations nor the error rate. */
  tools: Record<string, { duration: Percentiles; errorRate: number; denied: number }>;
  /** Share of input tokens served from the provider's prompt cache (0 when no usage was recorded). */
  cacheHitRate: number;
}

/** Nearest-rank percentile (no interpolation: every reported figure is one that really happened). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function percentiles(values: number[]): Percentiles {
  const s = [...values].sort((a, b) => a - b);
  return { count: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}

/** Rolling stats over the newest `window` records (all when omitted). */
export function computeLatencyStats(records: LatencyRecord[], window?: number): LatencyStats {
  const recent = window === undefined ? records : records.slice(-window);
  const byModel = new Map<string, LatencyRecord[]>();
  const byTool = new Map<string, { ms: number[]; errors: number; denied: number }>();
  let input = 0;
  let cached = 0;
  for (const r of recent) {
    const key = `${r.provider}/${r.modelId}`;
    byModel.set(key, [...(byModel.get(key) ?? []), r]);
    for (const t of r.tools) {
      const e = byTool.get(t.toolName) ?? { ms: [], errors: 0, denied: 0 };
      byTool.set(t.toolName, e);
      if (t.outcome === 'denied') {
        e.denied++;
        continue;
      }
      e.ms.push(t.durationMs);
      if (t.outcome !== 'ok') e.errors++;
    }
    input += r.usage?.inputTokens ?? 0;
    cached += r.usage?.cachedInputTokens ?? 0;
  }
  const models: LatencyStats['models'] = {};
  for (const [key, rs] of byModel) {
    models[key] = {
      ttft: percentiles(rs.flatMap((r) => (r.ttftMs === undefined ? [] : [r.ttftMs]))),
      step: percentiles(rs.map((r) => r.durationMs)),
      model: percentiles(rs.map((r) => r.modelMs)),
    };
  }
  const tools: LatencyStats['tools'] = {};
  for (const [name, e] of byTool) tools[name] = { duration: percentiles(e.ms), errorRate: e.ms.length ? e.errors / e.ms.length : 0, denied: e.denied };
  return { models, tools, cacheHitRate: input > 0 ? cached / input : 0 };
}
