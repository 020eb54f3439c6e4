/**
 * The model comparisons of an import (Settings → Tasks, "Compare models"): every one is checked with the stored
 * schema before anything is written, and a bad one refuses the whole import with its name and what is wrong. A
 * comparison with an id that is here already is kept as it is here. One that was running where it was exported
 * can never go on here (its tabs and live runs are that browser's): it arrives stopped, its run under way as
 * stopped and the models not reached as cancelled. Its runs' models follow their providers here, and its task
 * follows the task of the same name (the one an import of that task writes to).
 */
import { MAX_COMPARISONS, comparisonSchema, type Comparison, type ComparisonRun } from '../../core/eval-comparison';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { EvalStore } from '../../storage/eval-store';
import { formatInteger } from '../../util/format-integer';
import { t } from '../../util/t';

/** The file's comparisons, checked; throws UserFacingError('invalid') naming the first bad one. */
export function checkImportedComparisons(comparisons: readonly unknown[]): Comparison[] {
  return comparisons.map((raw, i) => {
    const parsed = comparisonSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const name = (raw as { taskName?: unknown } | null)?.taskName;
    const label = typeof name === 'string' && name ? `/${name.slice(0, 60)}` : `#${i + 1}`;
    const issue = parsed.error.issues[0];
    const why = issue ? `${issue.path.join('.')}${issue.path.length ? ': ' : ''}${issue.message}` : '';
    throw new UserFacingError('invalid', t('bg_import_bad_comparison', label, why));
  });
}

/** A run as it can be here: nothing of it is still under way, and its tab is not one of this browser's. */
function settledRun(run: ComparisonRun, providerHere: (id: string) => string | undefined): ComparisonRun {
  const { tabId: _tab, ...rest } = run;
  const state = run.state === 'running' ? 'stopped' : run.state === 'pending' ? 'cancelled' : run.state;
  const providerId = providerHere(run.model.providerId) ?? run.model.providerId;
  return { ...rest, state, model: { ...run.model, providerId } };
}

export interface ComparisonMerge {
  write: Comparison[];
  added: number;
  kept: number;
}

/** What the import writes: checked against the comparisons here and the limit before any write. */
export function mergeImportedComparisons(
  hereIds: ReadonlySet<string>,
  incoming: readonly Comparison[],
  ids: { provider(fileId: string): string | undefined; task(fileId: string): string | undefined },
): ComparisonMerge {
  const write = new Map<string, Comparison>();
  let kept = 0;
  for (const c of incoming) {
    if (hereIds.has(c.id)) {
      kept++;
      continue;
    }
    const runs = c.runs.map((r) => settledRun(r, ids.provider));
    const status = c.status === 'running' ? 'stopped' : c.status;
    // A file listing one id twice: the later one, written once.
    write.set(c.id, { ...c, taskId: ids.task(c.taskId) ?? c.taskId, status, runs });
  }
  const total = hereIds.size + write.size;
  if (total > MAX_COMPARISONS)
    throw new UserFacingError(
      'invalid',
      t('bg_import_too_many_comparisons', formatInteger(total), formatInteger(MAX_COMPARISONS)),
    );
  return { write: [...write.values()], added: write.size, kept };
}

/** Writes the merge in one transaction. */
export async function writeImportedComparisons(store: Pick<EvalStore, 'putAll'>, merge: ComparisonMerge) {
  if (merge.write.length) await store.putAll(merge.write);
}
