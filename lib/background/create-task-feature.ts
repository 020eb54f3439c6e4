/** Saved tasks in the worker: their store, their requests, and the context menu's "Run task…" list following them. */
import { openTaskStore, type TaskStore } from '../storage/task-store';
import { createTaskHandlers } from './handlers/task-handlers';
import { taskRunPlan } from './task-run-plan';
import { UserFacingError } from '../messaging/user-facing-error';
import { t } from '../util/t';

/** How long a start page may take to load before the run goes on with it still loading. */
const START_PAGE_LOAD_MS = 20_000;

/** Opens `url` in a new active tab of the window in front and resolves once it has loaded (or the wait is over). */
async function openStartPage(url: string): Promise<{ tabId: number }> {
  const tab = await chrome.tabs.create({ url, active: true });
  const tabId = tab.id!;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      resolve();
    };
    const onUpdated = (id: number, change: { status?: string }) => {
      if (id === tabId && change.status === 'complete') done();
    };
    const timer = setTimeout(done, START_PAGE_LOAD_MS);
    chrome.tabs.onUpdated.addListener(onUpdated);
    // Loaded before the listener was there.
    void chrome.tabs.get(tabId).then((now) => now.status === 'complete' && done(), done);
  });
  return { tabId };
}

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
