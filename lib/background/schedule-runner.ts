/**
 * Scheduled tasks in the worker, apart from Chrome: which slot is due, claiming it before its run starts (so it
 * runs at most once, whatever fires it: its alarm, the next alarm, a worker that woke, the next browser start),
 * what a missed slot becomes, and the alarm for each task's next slot. `reconcile` is the one entry: every alarm
 * and every worker start calls it, and it is idempotent.
 */
import { lastSlotAtOrBefore, nextSlotAfter } from '../core/schedule-slots';
import type { SavedTask } from '../core/saved-task';
import type { TaskSchedule } from '../core/task-schedule';
import { scheduledRunKey, type ScheduledRun, type ScheduledRunStore } from '../storage/scheduled-run-store';

export const TASK_ALARM_PREFIX = 'tabwise-task:';

export type ScheduledTask = SavedTask & { schedule: TaskSchedule };

export interface AlarmsLike {
  create(name: string, info: { when: number }): Promise<void> | void;
  clear(name: string): Promise<boolean> | Promise<void> | void;
  getAll(): Promise<Array<{ name: string; scheduledTime: number }>>;
}

export interface ScheduleRunnerDeps {
  listTasks(): Promise<SavedTask[]>;
  runs: ScheduledRunStore;
  now(): number;
  /** When this browser session began (the first worker since the browser started): older slots were missed. */
  sessionStart(): Promise<number>;
  alarms: AlarmsLike;
  /** Starts the claimed run (its tab, its conversation); a failure is recorded on the run by the caller. */
  start(task: ScheduledTask, run: ScheduledRun): Promise<void>;
  /** Told after a run was claimed and its start failed, or a missed run was skipped. */
  onSettled?(run: ScheduledRun): void;
}

export const isScheduled = (task: SavedTask): task is ScheduledTask => task.schedule !== undefined;

/**
 * The slot due now for `task`: its last slot at or before `now`, if the task was saved before it (editing a
 * task never makes its past slots due). Only the last counts: a browser closed for three days runs once.
 */
export function dueSlot(task: ScheduledTask, now: number): number | undefined {
  const slot = lastSlotAtOrBefore(task.schedule, now);
  return slot !== undefined && slot > task.updatedAt ? slot : undefined;
}

export function createScheduleRunner(deps: ScheduleRunnerDeps) {
  let chain: Promise<void> = Promise.resolve();

  async function fire(task: ScheduledTask, slot: number, sessionStart: number) {
    const missed = slot < sessionStart;
    const skip = missed && task.schedule.missed === 'skip';
    const run: ScheduledRun = {
      key: scheduledRunKey(task.id, slot),
      taskId: task.id,
      taskName: task.name,
      slot,
      status: skip ? 'skipped' : 'starting',
      claimedAt: deps.now(),
      ...(missed ? { missed: true as const } : {}),
    };
    // Written before anything runs: a second claim of this slot (another alarm, another worker) fails here.
    if (!(await deps.runs.claim(run))) return;
    if (skip) {
      deps.onSettled?.(run);
      return;
    }
    try {
      await deps.start(task, run);
    } catch (error) {
      const failed = await deps.runs.update(run.key, {
        status: 'failed',
        finishedAt: deps.now(),
        note: error instanceof Error ? error.message : String(error),
      });
      if (failed) deps.onSettled?.(failed);
    }
  }

  /** Each scheduled task's alarm at its next slot; the alarms of tasks no longer scheduled go. */
  async function syncAlarms(tasks: ScheduledTask[], now: number) {
    const wanted = new Map(tasks.map((t) => [TASK_ALARM_PREFIX + t.id, nextSlotAfter(t.schedule, now)]));
    const existing = await deps.alarms.getAll();
    for (const a of existing)
      if (a.name.startsWith(TASK_ALARM_PREFIX) && !wanted.has(a.name)) await deps.alarms.clear(a.name);
    for (const [name, when] of wanted) {
      const set = existing.find((a) => a.name === name);
      if (!set || set.scheduledTime !== when) await deps.alarms.create(name, { when });
    }
  }

  async function pass() {
    const [tasks, sessionStart] = await Promise.all([deps.listTasks(), deps.sessionStart()]);
    const scheduled = tasks.filter(isScheduled);
    const now = deps.now();
    await syncAlarms(scheduled, now);
    // One after another: two runs starting at once would fight over the window in front.
    for (const task of scheduled) {
      const slot = dueSlot(task, now);
      if (slot !== undefined) await fire(task, slot, sessionStart);
    }
  }

  return {
    /** Runs what is due and sets the next alarms; calls queue behind each other (the claim holds across workers). */
    reconcile(): Promise<void> {
      const next = chain.then(pass);
      chain = next.catch((e: unknown) => console.error('scheduled tasks', e));
      return next;
    },
    /** The next `count` slots of every scheduled task (the Runs view's upcoming runs). */
    async upcoming(count: number): Promise<Array<{ taskId: string; taskName: string; at: number }>> {
      const now = deps.now();
      const tasks = (await deps.listTasks()).filter(isScheduled);
      return tasks
        .flatMap((t) => {
          const out: Array<{ taskId: string; taskName: string; at: number }> = [];
          let at = now;
          for (let i = 0; i < count; i++)
            out.push({ taskId: t.id, taskName: t.name, at: (at = nextSlotAfter(t.schedule, at)) });
          return out;
        })
        .sort((a, b) => a.at - b.at)
        .slice(0, count);
    },
  };
}
