/** Saved tasks in the worker: their store, their requests, and the context menu's "Run task…" list following them. */
import { openTaskStore, type TaskStore } from '../storage/task-store';
import { createTaskHandlers } from './handlers/task-handlers';
import { openTabAndWait } from './open-tab-and-wait';
import { taskRunPlan } from './task-run-plan';
import { UserFacingError } from '../messaging/user-facing-error';
import { t } from '../util/t';

/** Opens a start page in a new tab in front, once loaded (or the wait is over): the run gets it as its page. */
const openStartPage = async (url: string) => ({ tabId: (await openTabAndWait(url, { active: true })).id! });

export function createTaskFeature(deps: { now(): number; generateId(): string; store?: TaskStore }) {
  const store = deps.store ?? openTaskStore();
  let onChange = () => {};
  return {
    store,
    handlers: createTaskHandlers({
      tasks: store,
      now: deps.now,
      generateId: deps.generateId,
      openTab: openStartPage,
      changed: () => onChange(),
    }),
    listNames: async () => (await store.list()).tasks.map((k) => k.name),
    /** What running the task `id` sends, by its kind (a scheduler runs a task by id through this too). */
    async runPlan(id: string, values: Record<string, string>) {
      const task = await store.get(id);
      if (!task) throw new UserFacingError('not_found', t('bg_task_gone'));
      return taskRunPlan(task, values);
    },
    /** The context menu's rebuild, once the browser entry points are registered. */
    whenChanged(rebuild: () => void) {
      onChange = rebuild;
    },
  };
}
