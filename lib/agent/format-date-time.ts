import { LOCAL_TIME_ZONE, localTimeZoneName } from './local-time-zone';

/**
 * "2025-03-14 09:26 (Friday), time zone Europe/Paris (UTC+01:00)": unambiguous for a model, readable for a person.
 * LOCAL_TIME_ZONE is this machine's zone, written from Date's local fields (no Intl: local-time-zone.ts says why).
 */
export function formatDateTime(epochMs: number, timeZone: string): string {
  // The line only changes once a minute; formatToParts is slow enough to show in the per-step overhead.
  const key = `${timeZone}@${Math.floor(epochMs / 60_000)}`;
  if (lastLine?.key === key) return lastLine.text;
  const text = timeZone === LOCAL_TIME_ZONE ? formatLocal(epochMs) : formatUncached(epochMs, timeZone);
  lastLine = { key, text };
  return text;
}

let lastLine: { key: string; text: string } | undefined;

function formatUncached(epochMs: number, timeZone: string): string {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(epochMs))
      .map((p) => [p.type, p.value]),
  );
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', 'UTC') || 'UTC';
  return (
    `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${parts.weekday}), ` +
    `time zone ${timeZone} (${offset === 'UTC' ? 'UTC+00:00' : offset})`
  );
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (n: number) => String(n).padStart(2, '0');

/** The same line as formatUncached for the machine's own zone, from Date's local fields. */
function formatLocal(epochMs: number): string {
  const d = new Date(epochMs);
  // getTimezoneOffset is minutes behind UTC: -60 is UTC+01:00.
  const east = -d.getTimezoneOffset();
  const offset = `UTC${east < 0 ? '-' : '+'}${two(Math.floor(Math.abs(east) / 60))}:${two(Math.abs(east) % 60)}`;
  return (
    `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())} ` +
    `(${WEEKDAYS[d.getDay()]}), time zone ${localTimeZoneName()} (${offset})`
  );
}

// Building an Intl formatter costs about a millisecond; the prompt is composed every step.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, f);
  }
  return f;
}
