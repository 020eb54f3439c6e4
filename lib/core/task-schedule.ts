/**
 * A saved task's schedule (issue 28, "Scheduled runs"): daily or on weekdays at a wall-clock time, or every N
 * hours from a first run, in the time zone the user set it in; and what to do with a run the browser was closed
 * for (run it once at the next start, or skip it). The slots it fires at are computed in schedule-slots.ts.
 */
import { z } from 'zod';

/** "HH:MM", 24-hour. */
export const SCHEDULE_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** An IANA zone name ("Europe/Paris", "UTC"); checked against Intl when a slot is computed. */
const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
export const MAX_SCHEDULE_HOURS = 24 * 7;

const missed = z.enum(['run', 'skip']);
const timeZone = z.string().max(100).regex(TIME_ZONE_PATTERN);

export const taskScheduleSchema = z.discriminatedUnion('every', [
  /** Every day at `at`, local time in `timeZone`. */
  z.object({ every: z.literal('day'), at: z.string().regex(SCHEDULE_TIME_PATTERN), timeZone, missed }),
  /** Monday to Friday at `at`. */
  z.object({ every: z.literal('weekday'), at: z.string().regex(SCHEDULE_TIME_PATTERN), timeZone, missed }),
  /** Every `hours` hours (real hours, whatever a DST change does to the clock), the first at `from` (epoch ms). */
  z.object({
    every: z.literal('hours'),
    hours: z.number().int().min(1).max(MAX_SCHEDULE_HOURS),
    from: z.number().int().nonnegative(),
    timeZone,
    missed,
  }),
]);
export type TaskSchedule = z.output<typeof taskScheduleSchema>;
