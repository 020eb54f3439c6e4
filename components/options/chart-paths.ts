/** Turns a bucketed series into SVG polyline points, for the small charts in Settings → Performance. */
import type { TimeBucket } from '../../lib/agent/bucket-over-time';

/**
 * One points string per run of buckets that have samples: a span with nothing measured is a gap, not a
 * drop to zero. `pick` chooses the figure (p50 or p95); the y axis runs from 0 to `max` (top).
 */
export function chartSegments(buckets: TimeBucket[], pick: (b: TimeBucket) => number, size: { width: number; height: number; max: number }): string[] {
  const segments: string[] = [];
  let current: string[] = [];
  const step = buckets.length > 1 ? size.width / (buckets.length - 1) : 0;
  const y = (v: number) => (size.max > 0 ? size.height - (Math.min(v, size.max) / size.max) * size.height : size.height);
  buckets.forEach((b, i) => {
    if (b.count === 0) {
      if (current.length) segments.push(current.join(' '));
      current = [];
      return;
    }
    current.push(`${(buckets.length > 1 ? i * step : size.width / 2).toFixed(1)},${y(pick(b)).toFixed(1)}`);
  });
  if (current.length) segments.push(current.join(' '));
  return segments;
}
