/** Figures in words a person reads at a glance: "1,204", "38 MB", "340 ms", "2 minutes ago". */

const number = new Intl.NumberFormat('en-US');

/** A whole count with thousands separators, and the noun in singular or plural. */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${number.format(n)} ${n === 1 ? singular : plural}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${Math.round(n / 1024)} KB`;
  if (n < 1024 ** 3) return `${Math.round(n / 1024 ** 2)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** How long ago `at` was, from `now`: "just now", "2 minutes ago", "3 hours ago", "5 days ago". */
export function formatAgo(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 45) return 'just now';
  const units: Array<[number, string]> = [[86_400, 'day'], [3600, 'hour'], [60, 'minute']];
  for (const [size, unit] of units) {
    const n = Math.round(s / size);
    if (s >= size * 0.75 && n >= 1) return `${formatCount(n, unit)} ago`;
  }
  return 'a minute ago';
}

/** A stretch of time in the largest unit that fits: "40 seconds", "12 minutes", "3 hours", "5 days". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return formatCount(s, 'second');
  if (s < 90 * 60) return formatCount(Math.round(s / 60), 'minute');
  if (s < 48 * 3600) return formatCount(Math.round(s / 3600), 'hour');
  return formatCount(Math.round(s / 86_400), 'day');
}
