/**
 * The saved tasks of an import: every one is checked (the same schema as a stored task, so a start page passes
 * the navigate tool's address rule) before anything is written, and a bad one refuses the whole import with
 * its name and what is wrong. A task of the same name as one here replaces it (keeping the one here's id); one
 * word for word the same is kept. A task's model follows its provider here, or is dropped (the default applies).
 */
import { MAX_TASKS, savedTaskSchema, type SavedTask } from '../../core/saved-task';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { TaskStore } from '../../storage/task-store';
import { formatInteger } from '../../util/format-integer';
import { t } from '../../util/t';

/** The file's tasks, checked; throws UserFacingError('invalid') naming the first bad one. */
export function checkImportedTasks(tasks: readonly unknown[]): SavedTask[] {
  return tasks.map((raw, i) => {
    const parsed = savedTaskSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const name = (raw as { name?: unknown }).name;
    const label = typeof name === 'string' && name ? name.slice(0, 60) : `#${i + 1}`;
    throw new UserFacingError('invalid', t('bg_import_bad_task', label, parsed.error.issues[0]?.message ?? ''));
  });
}

export interface TaskMerge {
  write: SavedTask[];
  added: number;
  kept: number;
}

/** What the import writes: checked against the tasks here and the limit before any write (throws when over it). */
export function mergeImportedTasks(
  here: readonly SavedTask[],
  incoming: readonly SavedTask[],
  providerHere: (fileProviderId: string) => string | undefined,
): TaskMerge {
  const byName = new Map(here.map((k) => [k.name, k]));
  const write: SavedTask[] = [];
  let kept = 0;
  for (const task of incoming) {
    const providerId = task.model && providerHere(task.model.providerId);
    const { model: _model, ...rest } = task;
    const mapped: SavedTask = {
      ...rest,
      ...(task.model && providerId ? { model: { ...task.model, providerId } } : {}),
    };
    const same = byName.get(task.name);
    const next = same ? { ...mapped, id: same.id, createdAt: same.createdAt } : mapped;
    if (same && JSON.stringify(same) === JSON.stringify(next)) {
      kept++;
      continue;
    }
    // A file listing one name twice: the later one wins, written once.
    const earlier = write.findIndex((w) => w.name === next.name);
    if (earlier >= 0) write.splice(earlier, 1);
    write.push(next);
    byName.set(next.name, next);
  }
  // A file's task may share an id with another task here under another name: the id here stays that task's.
  const ids = new Set(here.filter((k) => !write.some((w) => w.name === k.name)).map((k) => k.id));
  const total = new Set([...here.map((k) => k.name), ...write.map((w) => w.name)]).size;
  if (total > MAX_TASKS)
    throw new UserFacingError('invalid', t('bg_import_too_many_tasks', formatInteger(total), formatInteger(MAX_TASKS)));
  return {
    write: write.map((w) => (ids.has(w.id) ? { ...w, id: crypto.randomUUID() } : w)),
    added: write.length,
    kept,
  };
}

/** Writes the merge in one transaction. */
export async function writeImportedTasks(store: Pick<TaskStore, 'putAll'>, merge: TaskMerge): Promise<void> {
  if (merge.write.length) await store.putAll(merge.write);
}
