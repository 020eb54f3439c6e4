/** Figures in words a person reads at a glance, in the UI's language: "1,204 pages", "38 MB", "340 ms", "2 minutes ago". */
import { t } from '../ui/t';
import { uiLocale } from '../ui/ui-locale';
import { formatInteger } from '../../lib/util/format-integer';

/**
 * The nouns figures are counted in: each has a message per Intl plural category English and the promised
 * locales need ('count_page_one', 'count_page_other'); the type checks every one exists in the English file.
 */
export type CountNoun =
  | 'page'
  | 'passage'
  | 'token'
  | 'response'
  | 'call'
  | 'search'
  | 'memory'
  | 'conversation'
  | 'message'
  | 'skill'
  | 'provider'
  | 'field'
  | 'button'
  | 'word'
  | 'line'
  | 'model'
  | 'tool'
  | 'result'
  | 'row'
  | 'grant'
  | 'day';
type CountKey = `count_${CountNoun}_${'one' | 'other'}`;

/** A whole number with the UI language's separators ("1,204", "1.204"). */
export const formatNumber = formatInteger;

/**
 * A whole count with thousands separators and the noun in the form the language uses for it. Languages with
 * more plural forms than English (Arabic, Polish…) would need more keys; until one is translated, 'other' serves.
 */
export function formatCount(n: number, noun: CountNoun): string {
  const category = new Intl.PluralRules(uiLocale()).select(n) === 'one' ? 'one' : 'other';
  const key: CountKey = `count_${noun}_${category}`;
  return t(key, formatNumber(n));
}

/** Items joined as the UI language joins a list ("a, b and c"). */
export const formatList = (items: string[]): string =>
  new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(items);

/** One digit after the decimal separator of the UI language ("1.3", "1,3"). */
const oneDecimal = (n: number) =>
  new Intl.NumberFormat(uiLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${formatNumber(Math.round(n / 1024))} KB`;
  if (n < 1024 ** 3) return `${formatNumber(Math.round(n / 1024 ** 2))} MB`;
  return `${oneDecimal(n / 1024 ** 3)} GB`;
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${formatNumber(Math.round(ms))} ms`;
  if (ms < 60_000) return `${oneDecimal(ms / 1000)} s`;
  return t('figure_min_s', formatNumber(Math.floor(ms / 60_000)), formatNumber(Math.round((ms % 60_000) / 1000)));
}

export function formatPercent(share: number): string {
  return new Intl.NumberFormat(uiLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** How long ago `at` was, from `now`: "just now", "2 minutes ago", "3 hours ago", "5 days ago" (Intl words them). */
export function formatAgo(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 45) return t('time_just_now');
  const ago = new Intl.RelativeTimeFormat(uiLocale(), { numeric: 'always' });
  const units: Array<[number, Intl.RelativeTimeFormatUnit]> = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    const n = Math.round(s / size);
    if (s >= size * 0.75 && n >= 1) return ago.format(-n, unit);
  }
  return ago.format(-1, 'minute');
}

/** A stretch of time in the largest unit that fits: "40 seconds", "12 minutes", "3 hours", "5 days". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const as = (n: number, unit: 'second' | 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(uiLocale(), { style: 'unit', unit, unitDisplay: 'long' }).format(n);
  if (s < 90) return as(s, 'second');
  if (s < 90 * 60) return as(Math.round(s / 60), 'minute');
  if (s < 48 * 3600) return as(Math.round(s / 3600), 'hour');
  return as(Math.round(s / 86_400), 'day');
}
