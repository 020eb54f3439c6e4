/**
 * tasks.*: the user's saved tasks (Settings → Tasks, "Save as task", the panel's task list). Names stay unique
 * (the composer runs `/name`); a start page is opened only here, read from the store (never from the request)
 * and checked again with the navigate tool's rule, since a task may have come in a file.
 */
import {
  MAX_TASKS,
  checkStartPage,
  parsePlaceholders,
  stepValuesText,
  taskKindOf,
  toTaskView,
  type SavedTask,
} from '../../core/saved-task';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { TaskStore } from '../../storage/task-store';
import { formatInteger } from '../../util/format-integer';
import { t } from '../../util/t';
import type { TaskListView } from '../protocol';
import type { Awaitable, HandlerSet } from './handler-set';

export interface TaskHandlerDeps {
  tasks: Awaitable<TaskStore>;
  now(): number;
  generateId(): string;
  /** Opens a checked http(s) address in a new tab of the window in front and resolves once it has loaded. */
  openTab(url: string): Promise<{ tabId: number }>;
  /** Told after a change (the context menu lists the tasks). */
  changed?(): void;
}

export function createTaskHandlers(
  deps: TaskHandlerDeps,
): HandlerSet<'tasks.list' | 'tasks.save' | 'tasks.delete' | 'tasks.openStartPage'> {
  const list = async (): Promise<TaskListView> => {
    const { tasks, skipped } = await (await deps.tasks).list();
    return { tasks: tasks.map(toTaskView), skipped };
  };
  return {
    'tasks.list': list,
    'tasks.save': async ({ id, ...fields }) => {
      const store = await deps.tasks;
      const { tasks } = await store.list();
      const existing = id === undefined ? undefined : tasks.find((k) => k.id === id);
      if (id !== undefined && !existing) throw new UserFacingError('not_found', t('bg_task_gone'));
      if (tasks.some((k) => k.name === fields.name && k.id !== id))
        throw new UserFacingError('invalid', t('bg_task_name_taken', fields.name));
      if (!existing && tasks.length >= MAX_TASKS)
        throw new UserFacingError('invalid', t('bg_task_max', formatInteger(MAX_TASKS)));
      // The task form edits a recording's name, intent and start page: its steps stay unless new ones come.
      const steps = fields.steps ?? existing?.steps;
      // Nobody is there to fill in placeholders when a schedule fires, in the instruction or a recording's steps.
      if (fields.schedule && parsePlaceholders(`${fields.instruction}\n${stepValuesText(steps)}`).length)
        throw new UserFacingError('invalid', t('bg_task_schedule_placeholders'));
      const now = deps.now();
      const task: SavedTask = {
        ...fields,
        ...(steps ? { steps } : {}),
        id: existing?.id ?? deps.generateId(),
        kind: taskKindOf({ steps }),
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await store.put(task);
      deps.changed?.();
      return list();
    },
    'tasks.delete': async ({ id }) => {
      await (await deps.tasks).delete(id);
      deps.changed?.();
      return list();
    },
    'tasks.openStartPage': async ({ id }) => {
      const task = await (await deps.tasks).get(id);
      if (!task) throw new UserFacingError('not_found', t('bg_task_gone'));
      if (task.startUrl === undefined) return {};
      const checked = checkStartPage(task.startUrl);
      if (!checked.ok) throw new UserFacingError('invalid', t('task_start_page_rule'));
      return deps.openTab(checked.url);
    },
  };
}
