/** Turns a bucketed series into SVG polyline points, for the small charts in Settings → Performance. */
import type { TimeBucket } from '../../lib/agent/bucket-over-time';

/**
 * The points of the spans that have samples, x by the span's place in time, y from 0 (bottom) to `max`
 * (top). A span with nothing measured gets no point: the line goes straight from the one before to the
 * one after, rather than dropping to zero as if it had been instant. `pick` chooses the figure (p50 or p95).
 */
export function chartPoints(
  buckets: TimeBucket[],
  pick: (b: TimeBucket) => number,
  size: { width: number; height: number; max: number },
): Array<[number, number]> {
  const step = buckets.length > 1 ? size.width / (buckets.length - 1) : 0;
  const y = (v: number) =>
    size.max > 0 ? size.height - (Math.min(v, size.max) / size.max) * size.height : size.height;
  return buckets.flatMap((b, i) =>
    b.count === 0 ? [] : [[buckets.length > 1 ? i * step : size.width / 2, y(pick(b))] as [number, number]],
  );
}

/** An SVG points attribute. */
export const toPoints = (points: Array<[number, number]>) =>
  points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
