/**
 * The instants a schedule fires at. Daily and weekday schedules are wall-clock times in the schedule's zone, so
 * 08:00 stays 08:00 across a DST change: a time the clock skips (02:30 on the spring-forward night) fires at the
 * same distance after the jump (03:30), a time it passes twice (fall back) fires the first time. "Every N hours"
 * counts real hours from its first run. Pure functions of the schedule and an instant (no clock of their own).
 */
import type { TaskSchedule } from './task-schedule';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `instant` (throws a RangeError for a zone Intl does not know). */
export function wallClockAt(instant: number, timeZone: string): Wall & { second: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in ms (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const sameWall = (a: Wall, b: Wall) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/** The instant the wall clock in `timeZone` reads `wall` (see the file's note on skipped and doubled times). */
export function instantOfWall(wall: Wall, timeZone: string): number {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = guess - offsetAt(guess - DAY_MS / 2, timeZone);
  const after = guess - offsetAt(guess + DAY_MS / 2, timeZone);
  const valid = [before, after].filter((t) => sameWall(wallClockAt(t, timeZone), wall));
  // Both read it (no change that day, or a time the clock passes twice): the first. Neither: a skipped time,
  // shifted by the jump (the offset from before it).
  return valid.length ? Math.min(...valid) : before;
}

const parseAt = (at: string) => ({ hour: Number(at.slice(0, 2)), minute: Number(at.slice(3, 5)) });
/** Saturday and Sunday, of the local date (day of the week of a calendar date needs no zone). */
const isWeekend = (w: Wall) => [0, 6].includes(new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay());

/** The local calendar dates around `instant`, `from` days before to `to` days after, in order. */
function datesAround(instant: number, timeZone: string, from: number, to: number): Wall[] {
  const today = wallClockAt(instant, timeZone);
  const dates: Wall[] = [];
  for (let k = from; k <= to; k++) {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day + k));
    dates.push({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0 });
  }
  return dates;
}

/** A daily or weekday schedule's slots on the dates around `instant`, in order. */
function wallSlotsAround(s: Extract<TaskSchedule, { at: string }>, instant: number, from: number, to: number) {
  const at = parseAt(s.at);
  return datesAround(instant, s.timeZone, from, to)
    .filter((d) => s.every === 'day' || !isWeekend(d))
    .map((d) => instantOfWall({ ...d, ...at }, s.timeZone));
}

/** The first slot strictly after `instant`. */
export function nextSlotAfter(s: TaskSchedule, instant: number): number {
  if (s.every === 'hours') {
    if (instant < s.from) return s.from;
    const period = s.hours * HOUR_MS;
    return s.from + (Math.floor((instant - s.from) / period) + 1) * period;
  }
  // A week and a day ahead always holds a weekday.
  return wallSlotsAround(s, instant, -1, 8).find((t) => t > instant)!;
}

/** The last slot at or before `instant`, if the schedule has begun. */
export function lastSlotAtOrBefore(s: TaskSchedule, instant: number): number | undefined {
  if (s.every === 'hours') {
    if (instant < s.from) return undefined;
    const period = s.hours * HOUR_MS;
    return s.from + Math.floor((instant - s.from) / period) * period;
  }
  return wallSlotsAround(s, instant, -8, 1)
    .filter((t) => t <= instant)
    .at(-1);
}

/** The next `count` slots after `instant` (the Runs view's "upcoming"). */
export function upcomingSlots(s: TaskSchedule, instant: number, count: number): number[] {
  const out: number[] = [];
  let t = instant;
  for (let i = 0; i < count; i++) out.push((t = nextSlotAfter(s, t)));
  return out;
}
