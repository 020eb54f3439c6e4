import type { TimeBucket } from '../../lib/agent/bucket-over-time';
import { chartPoints, toPoints } from './chart-paths';
import { formatDuration } from './format-figures';
import { t } from '../ui/t';

const W = 240;
const H = 36;

/**
 * A small chart of a figure over time: the median as a line with a dot per measured span, the 95th
 * percentile dashed above it. Drawn from the figures as inline SVG (no script, no resource), stretched to
 * its box, and read out by its label for screen readers.
 */
export function Sparkline({
  buckets,
  label,
  format,
  share = false,
}: {
  buckets: TimeBucket[];
  label: string;
  format: (n: number) => string;
  share?: boolean;
}) {
  const measured = buckets.filter((b) => b.count > 0);
  if (measured.length === 0) return <span class="sparkline-empty">{t('chart_no_data')}</span>;
  const max = share ? 1 : Math.max(...measured.map((b) => b.p95), 1);
  const size = { width: W, height: H, max };
  const first = measured[0]!.p50;
  const last = measured.at(-1)!.p50;
  const summary =
    measured.length === 1
      ? t('chart_summary_one', label, format(last))
      : t('chart_summary', label, format(first), format(last));
  const p50 = chartPoints(buckets, (b) => b.p50, size);
  const span = buckets.at(-1)!.end - buckets[0]!.start;
  return (
    <figure class="sparkline-figure">
      <svg
        class="sparkline"
        viewBox={`-3 -3 ${W + 6} ${H + 6}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        <title>{summary}</title>
        {!share && (
          <polyline
            class="p95"
            points={toPoints(chartPoints(buckets, (b) => b.p95, size))}
            vector-effect="non-scaling-stroke"
          />
        )}
        <polyline class="p50" points={toPoints(p50)} vector-effect="non-scaling-stroke" />
        {p50.map(([x, y], i) => (
          <line key={i} class="dot" x1={x} y1={y} x2={x} y2={y} vector-effect="non-scaling-stroke" />
        ))}
      </svg>
      <figcaption class="sparkline-scale" aria-hidden="true">
        {share ? t('chart_scale_share', formatDuration(span)) : t('chart_scale', format(max), formatDuration(span))}
      </figcaption>
    </figure>
  );
}
