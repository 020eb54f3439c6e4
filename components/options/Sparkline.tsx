import type { TimeBucket } from '../../lib/agent/bucket-over-time';
import { chartSegments } from './chart-paths';

const W = 120;
const H = 32;

/**
 * A small chart of a figure over time: the median as a line, the 95th percentile dashed above it. Drawn
 * from the figures as inline SVG (no script, no resource), and read out by its label for screen readers.
 */
export function Sparkline({ buckets, label, format, share = false }: { buckets: TimeBucket[]; label: string; format: (n: number) => string; share?: boolean }) {
  const measured = buckets.filter((b) => b.count > 0);
  if (measured.length === 0) return <span class="sparkline-empty">no data yet</span>;
  const max = share ? 1 : Math.max(...measured.map((b) => b.p95), 1);
  const size = { width: W, height: H, max };
  const first = measured[0]!.p50;
  const last = measured.at(-1)!.p50;
  const summary = measured.length === 1 ? `${label}: ${format(last)}` : `${label}: ${format(first)} at first, ${format(last)} lately`;
  return (
    <svg class="sparkline" width={W} height={H + 2} viewBox={`0 -1 ${W} ${H + 2}`} role="img" aria-label={summary}>
      <title>{summary}</title>
      {!share && chartSegments(buckets, (b) => b.p95, size).map((points, i) => <polyline key={`p95-${i}`} class="p95" points={points} />)}
      {chartSegments(buckets, (b) => b.p50, size).map((points, i) =>
        points.includes(' ') ? <polyline key={`p50-${i}`} class="p50" points={points} /> : <circle key={`p50-${i}`} class="p50" r={2} cx={points.split(',')[0]} cy={points.split(',')[1]} />,
      )}
    </svg>
  );
}
