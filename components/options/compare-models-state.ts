/**
 * Settings → Tasks, "Compare models" (issue 28): the user's configured models to pick from, the comparisons
 * stored in the worker (newest first), and starting, stopping and deleting one. While a comparison runs the list
 * is read again every second (the worker runs it whether or not this page is open).
 */
import { signal } from '@preact/signals';
import type { ComparisonListView, ModelGroup } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { TaskModel } from '../../lib/core/saved-task';

const POLL_MS = 1000;

export function createCompareModelsState() {
  const groups = signal<ModelGroup[]>([]);
  const list = signal<ComparisonListView>({ comparisons: [], skipped: 0 });
  const error = signal<string | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (view: ComparisonListView) => {
    list.value = view;
    clearTimeout(timer);
    if (view.comparisons.some((c) => c.status === 'running')) timer = setTimeout(() => void refresh(), POLL_MS);
  };
  const fail = (e: unknown) => {
    error.value = e instanceof Error ? e.message : String(e);
  };
  async function refresh() {
    try {
      show(await sendToBackground('evals.list', {}));
    } catch (e) {
      fail(e);
    }
  }

  return {
    groups,
    list,
    error,
    async load() {
      await refresh();
      try {
        groups.value = await sendToBackground('models.list', {});
      } catch (e) {
        fail(e);
      }
    },
    /** Resolves with an error message to show by the form, or null once started. */
    async start(taskId: string, models: TaskModel[], values: Record<string, string>): Promise<string | null> {
      try {
        show(await sendToBackground('evals.start', { taskId, models, values }));
        error.value = null;
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
    stop: (id: string) => sendToBackground('evals.stop', { id }).then(show, fail),
    remove: (id: string) => sendToBackground('evals.delete', { id }).then(show, fail),
    dispose: () => clearTimeout(timer),
  };
}

export type CompareModelsState = ReturnType<typeof createCompareModelsState>;
