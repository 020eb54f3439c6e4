/** Input types whose value has a fixed ISO-like wire format. */
export type DateInputType = 'date' | 'datetime-local' | 'time' | 'month' | 'week';

const ISO = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const WEEK = /^\d{4}-W\d{2}$/;

/**
 * Turns an ISO 8601 date, date-time or time into the format `type` expects (date 2024-03-05,
 * datetime-local 2024-03-05T14:30, time 14:30, month 2024-03, week 2024-W10). A time with an offset is
 * shown in the browser's own time zone, which is what a datetime-local field means. Returns an error
 * message for anything else rather than guessing between 03/05 readings.
 */
export function normalizeDateValue(type: DateInputType, raw: string): { value: string } | { error: string } {
  const text = raw.trim();
  if (text === '') return { value: '' };
  if (type === 'week' && WEEK.test(text)) return { value: text };
  const time = TIME.exec(text);
  if (time && type === 'time')
    return { value: `${pad(+time[1]!)}:${time[2]}${time[3] && time[3] !== '00' ? `:${time[3]}` : ''}` };
  const m = ISO.exec(text);
  if (!m) return { error: `"${raw}" is not an ISO 8601 date; send it as YYYY-MM-DD or YYYY-MM-DDTHH:MM` };
  let [, y, mo, d = '01', h = '00', mi = '00', s = '00'] = m as unknown as string[];
  if (m[7]) {
    const local = new Date(text.replace(' ', 'T'));
    if (Number.isNaN(local.getTime())) return { error: `"${raw}" is not a valid date` };
    y = String(local.getFullYear());
    mo = pad(local.getMonth() + 1);
    d = pad(local.getDate());
    h = pad(local.getHours());
    mi = pad(local.getMinutes());
    s = pad(local.getSeconds());
  }
  const check = new Date(Date.UTC(+y!, +mo! - 1, +d!));
  if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d!)
    return { error: `"${raw}" is not a real calendar date` };
  const seconds = s && s !== '00' ? `:${s}` : '';
  switch (type) {
    case 'date':
      return { value: `${y}-${mo}-${d}` };
    case 'datetime-local':
      return { value: `${y}-${mo}-${d}T${h}:${mi}${seconds}` };
    case 'time':
      return { value: `${h}:${mi}${seconds}` };
    case 'month':
      return { value: `${y}-${mo}` };
    case 'week':
      return { value: isoWeek(+y!, +mo!, +d!) };
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoWeek(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  const day = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${pad(week)}`;
}
