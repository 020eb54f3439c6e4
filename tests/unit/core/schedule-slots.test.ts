/** Schedule slots: wall-clock times across DST changes in both directions, weekdays, every N real hours. */
import { describe, expect, it } from 'vitest';
import { instantOfWall, lastSlotAtOrBefore, nextSlotAfter, upcomingSlots } from '../../../lib/core/schedule-slots';
import { taskScheduleSchema, type TaskSchedule } from '../../../lib/core/task-schedule';

const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
const at = (s: string) => Date.parse(s);
const daily = (time: string, timeZone: string): TaskSchedule => ({ every: 'day', at: time, timeZone, missed: 'run' });

describe('wall-clock slots', () => {
  it('daily 08:00 in Paris is 07:00 UTC in winter and 06:00 UTC in summer', () => {
    const s = daily('08:00', 'Europe/Paris');
    expect(iso(nextSlotAfter(s, at('2026-01-10T12:00:00Z')))).toBe('2026-01-11T07:00:00.000Z');
    expect(iso(nextSlotAfter(s, at('2026-07-10T05:00:00Z')))).toBe('2026-07-10T06:00:00.000Z');
  });

  it('keeps 08:00 local across the spring-forward night (23 hours between the two runs)', () => {
    const s = daily('08:00', 'Europe/Paris');
    // 2026-03-29: Paris goes from +01:00 to +02:00 at 02:00.
    const sat = nextSlotAfter(s, at('2026-03-28T00:00:00Z'));
    const sun = nextSlotAfter(s, sat);
    expect(iso(sat)).toBe('2026-03-28T07:00:00.000Z');
    expect(iso(sun)).toBe('2026-03-29T06:00:00.000Z');
    expect((sun - sat) / 3_600_000).toBe(23);
  });

  it('a time the clock skips fires just after the jump; a time it passes twice fires the first time', () => {
    // 02:30 does not exist in Paris on 2026-03-29: it fires at 03:30 CEST (01:30 UTC).
    expect(iso(instantOfWall({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Paris'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 02:30 happens twice on 2026-10-25 (CEST then CET): the first one, 00:30 UTC.
    expect(iso(instantOfWall({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Paris'))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // New York springs forward on 2026-03-08 at 02:00: 02:15 fires at 03:15 EDT.
    expect(iso(instantOfWall({ year: 2026, month: 3, day: 8, hour: 2, minute: 15 }, 'America/New_York'))).toBe(
      '2026-03-08T07:15:00.000Z',
    );
  });

  it('weekdays skip Saturday and Sunday (local dates, not UTC ones)', () => {
    const s: TaskSchedule = { every: 'weekday', at: '07:30', timeZone: 'Asia/Tokyo', missed: 'skip' };
    // Friday 2026-12-04 07:30 JST is Thursday 22:30 UTC; the next is Monday 07:30 JST.
    const fri = at('2026-12-03T22:30:00Z');
    expect(iso(nextSlotAfter(s, fri - 1))).toBe('2026-12-03T22:30:00.000Z');
    expect(iso(nextSlotAfter(s, fri))).toBe('2026-12-06T22:30:00.000Z');
    expect(iso(lastSlotAtOrBefore(s, at('2026-12-06T12:00:00Z')))).toBe('2026-12-03T22:30:00.000Z');
  });

  it('the last slot at or before an instant includes the instant itself', () => {
    const s = daily('09:00', 'UTC');
    expect(iso(lastSlotAtOrBefore(s, at('2026-05-05T09:00:00Z')))).toBe('2026-05-05T09:00:00.000Z');
    expect(iso(lastSlotAtOrBefore(s, at('2026-05-05T08:59:59Z')))).toBe('2026-05-04T09:00:00.000Z');
  });
});

describe('every N hours', () => {
  const from = at('2026-10-24T22:00:00Z');
  const s: TaskSchedule = { every: 'hours', hours: 3, from, timeZone: 'Europe/Paris', missed: 'run' };

  it('counts real hours from the first run, through the fall-back night', () => {
    expect(upcomingSlots(s, from - 1, 4).map((t) => (t - from) / 3_600_000)).toEqual([0, 3, 6, 9]);
    expect(nextSlotAfter(s, from)).toBe(from + 3 * 3_600_000);
  });

  it('has no past slot before its first run', () => {
    expect(lastSlotAtOrBefore(s, from - 1)).toBeUndefined();
    expect(lastSlotAtOrBefore(s, from + 7 * 3_600_000)).toBe(from + 6 * 3_600_000);
  });
});

describe('the schedule schema', () => {
  it('takes each kind and refuses bad times, zones and periods', () => {
    expect(taskScheduleSchema.safeParse(daily('23:59', 'America/Argentina/Buenos_Aires')).success).toBe(true);
    expect(taskScheduleSchema.safeParse(daily('24:00', 'UTC')).success).toBe(false);
    expect(taskScheduleSchema.safeParse(daily('8:00', 'UTC')).success).toBe(false);
    expect(taskScheduleSchema.safeParse(daily('08:00', '../etc')).success).toBe(false);
    expect(taskScheduleSchema.safeParse({ ...s0(), hours: 0 }).success).toBe(false);
    expect(taskScheduleSchema.safeParse({ ...s0(), hours: 1.5 }).success).toBe(false);
    expect(taskScheduleSchema.safeParse({ ...s0(), missed: 'twice' }).success).toBe(false);
    expect(taskScheduleSchema.safeParse(s0()).success).toBe(true);
  });
});

function s0() {
  return { every: 'hours', hours: 2, from: 1, timeZone: 'UTC', missed: 'skip' };
}
