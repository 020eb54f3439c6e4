/** Time series for the small charts in Settings → Performance: samples grouped into equal spans of time. */
import { percentile } from './percentile';

/** One span of time and the samples that fell in it (`count` 0: nothing measured then, a gap in the chart). */
export interface TimeBucket {
  start: number;
  end: number;
  count: number;
  p50: number;
  p95: number;
}

/**
 * Splits `since..until` into `buckets` equal spans and summarises each. Every series of one stats reply
 * shares the range, so charts drawn side by side line up in time.
 */
export function bucketOverTime(
  samples: { at: number; value: number }[],
  range: { since: number; until: number; buckets: number },
): TimeBucket[] {
  if (samples.length === 0 || range.buckets < 1) return [];
  const span = Math.max(1, range.until - range.since);
  const width = span / range.buckets;
  const values: number[][] = Array.from({ length: range.buckets }, () => []);
  for (const s of samples) {
    const i = Math.min(range.buckets - 1, Math.max(0, Math.floor((s.at - range.since) / width)));
    values[i]!.push(s.value);
  }
  return values.map((v, i) => {
    const sorted = [...v].sort((a, b) => a - b);
    return {
      start: range.since + i * width,
      end: range.since + (i + 1) * width,
      count: v.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
    };
  });
}
