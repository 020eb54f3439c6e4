/**
 * The saved tasks and model comparisons of an import, together because a comparison follows its task: both are
 * checked (and the limits) before anything of the import is written, and written once the providers are, so a
 * task's model and a comparison's runs follow their providers here and a comparison its task.
 */
import type { SavedTask } from '../../core/saved-task';
import type { DataTransferDeps } from './data-transfer-deps';
import type { ExportFile } from './export-file-schema';
import { checkImportedComparisons, mergeImportedComparisons, writeImportedComparisons } from './import-comparisons';
import { checkImportedTasks, mergeImportedTasks, writeImportedTasks } from './import-tasks';

/** The file's task ids → the ids of the tasks of the same names here once the import's tasks are written. */
function taskIdsHere(fileTasks: readonly SavedTask[], here: readonly SavedTask[], written: readonly SavedTask[]) {
  return (fileId: string) => {
    const name = fileTasks.find((k) => k.id === fileId)?.name;
    if (name === undefined) return undefined;
    return (written.find((k) => k.name === name) ?? here.find((k) => k.name === name))?.id;
  };
}

/** Checks the file's tasks and comparisons (throws UserFacingError naming the first bad one); writes nothing. */
export async function checkImportedWorkflows(deps: DataTransferDeps, file: ExportFile) {
  const tasks = deps.tasks && (await deps.tasks);
  const fileTasks = tasks ? checkImportedTasks(file.tasks ?? []) : [];
  const tasksHere = tasks && fileTasks.length ? (await tasks.list()).tasks : [];
  // The limits and the checks, before any write (the providers' ids here are known only later).
  const same = (id: string) => id;
  const taskCheck = mergeImportedTasks(tasksHere, fileTasks, same);
  const comparisons = deps.comparisons && (await deps.comparisons);
  const fileComparisons = comparisons ? checkImportedComparisons(file.comparisons ?? []) : [];
  const comparisonsHere = new Set(
    comparisons && fileComparisons.length ? (await comparisons.list()).comparisons.map((c) => c.id) : [],
  );
  const comparisonCheck = mergeImportedComparisons(comparisonsHere, fileComparisons, { provider: same, task: same });
  return {
    /** For the import's result: what is added, and what was here already. */
    added: {
      ...(tasks ? { tasks: taskCheck.added } : {}),
      ...(comparisons ? { comparisons: comparisonCheck.added } : {}),
    },
    kept: {
      ...(tasks ? { tasks: taskCheck.kept } : {}),
      ...(comparisons ? { comparisons: comparisonCheck.kept } : {}),
    },
    /** Writes them, once the providers are here (`providerHere`: the file's provider id → its id here). */
    async write(providerHere: (fileProviderId: string) => string | undefined) {
      const taskMerge = tasks && fileTasks.length ? mergeImportedTasks(tasksHere, fileTasks, providerHere) : undefined;
      if (tasks && taskMerge) await writeImportedTasks(tasks, taskMerge);
      if (!comparisons || !fileComparisons.length) return;
      const task = taskIdsHere(fileTasks, tasksHere, taskMerge?.write ?? []);
      const merge = mergeImportedComparisons(comparisonsHere, fileComparisons, { provider: providerHere, task });
      await writeImportedComparisons(comparisons, merge);
    },
  };
}
