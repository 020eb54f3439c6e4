/** The task form's schedule fields as the user sets them, and the schedule they save (task-schedule.ts). */
import type { TaskSchedule } from '../../lib/core/task-schedule';

export interface ScheduleDraft {
  every: 'never' | 'day' | 'weekday' | 'hours';
  /** "HH:MM": the time of day, or the first run of "every N hours". */
  at: string;
  hours: number;
  missed: 'run' | 'skip';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The form's fields for a task's schedule (none: "never", 09:00). */
export function draftOf(
  s: TaskSchedule | undefined,
  timeOf: (ms: number) => Date = (ms) => new Date(ms),
): ScheduleDraft {
  if (!s) return { every: 'never', at: '09:00', hours: 4, missed: 'run' };
  if (s.every === 'hours') {
    const d = timeOf(s.from);
    return { every: 'hours', at: `${pad(d.getHours())}:${pad(d.getMinutes())}`, hours: s.hours, missed: s.missed };
  }
  return { every: s.every, at: s.at, hours: 4, missed: s.missed };
}

/**
 * The schedule to save: in the panel's time zone; "every N hours" starts at the next `at` from `now` (local
 * time), unless the task already had one with the same start time, which keeps its first run.
 */
export function scheduleOf(
  d: ScheduleDraft,
  now: number,
  timeZone: string,
  before?: TaskSchedule,
): TaskSchedule | undefined {
  if (d.every === 'never') return undefined;
  if (d.every !== 'hours') return { every: d.every, at: d.at, timeZone, missed: d.missed };
  if (before?.every === 'hours' && draftOf(before).at === d.at)
    return { ...before, hours: d.hours, missed: d.missed, timeZone };
  const first = new Date(now);
  first.setHours(Number(d.at.slice(0, 2)), Number(d.at.slice(3, 5)), 0, 0);
  if (first.getTime() <= now) first.setDate(first.getDate() + 1);
  return { every: 'hours', hours: d.hours, from: first.getTime(), timeZone, missed: d.missed };
}
