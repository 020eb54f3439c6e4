/**
 * evals.*: "Compare models" (issue 28). A comparison is started from a saved task, read from the store (never from
 * the request: its instruction, start page and check), on models the user has configured and the organisation
 * allows; its start page is checked again with the navigate tool's rule, since a task may have come in a file.
 */
import { MAX_COMPARISONS } from '../../core/eval-comparison';
import { checkStartPage, fillPlaceholders, parsePlaceholders } from '../../core/saved-task';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { EvalStore } from '../../storage/eval-store';
import type { TaskStore } from '../../storage/task-store';
import { formatInteger } from '../../util/format-integer';
import { t } from '../../util/t';
import type { EvalDriver } from '../eval-driver';
import type { ComparisonListView } from '../protocol';
import type { HandlerSet } from './handler-set';

export interface EvalHandlerDeps {
  store: EvalStore;
  tasks: TaskStore;
  driver: Pick<EvalDriver, 'start' | 'stop'>;
  listModels(): Promise<{ providerId: string; providerName: string; models: string[]; notAllowed?: string[] }[]>;
}

export function createEvalHandlers(
  deps: EvalHandlerDeps,
): HandlerSet<'evals.list' | 'evals.start' | 'evals.stop' | 'evals.delete'> {
  const list = async (): Promise<ComparisonListView> => deps.store.list();
  return {
    'evals.list': list,
    'evals.start': async ({ taskId, models, values }) => {
      const task = await deps.tasks.get(taskId);
      if (!task) throw new UserFacingError('not_found', t('bg_task_gone'));
      const missing = parsePlaceholders(task.instruction).filter((p) => !values[p]?.trim());
      if (missing.length) throw new UserFacingError('invalid', t('eval_values_missing', missing.join(', ')));
      const startUrl = task.startUrl === undefined ? undefined : checkStartPage(task.startUrl);
      if (startUrl && !startUrl.ok) throw new UserFacingError('invalid', t('task_start_page_rule'));
      const keys = new Set(models.map((m) => JSON.stringify([m.providerId, m.modelId])));
      if (keys.size !== models.length) throw new UserFacingError('invalid', t('eval_models_twice'));
      const groups = await deps.listModels();
      const labelled = models.map((m) => {
        const group = groups.find((g) => g.providerId === m.providerId);
        if (!group || !group.models.includes(m.modelId) || group.notAllowed?.includes(m.modelId))
          throw new UserFacingError('invalid', t('eval_model_unknown', m.modelId));
        return { ...m, label: `${group.providerName} · ${m.modelId}` };
      });
      if ((await deps.store.list()).comparisons.length >= MAX_COMPARISONS)
        throw new UserFacingError('invalid', t('eval_max', formatInteger(MAX_COMPARISONS)));
      const comparison = await deps.driver.start(
        {
          taskId: task.id,
          taskName: task.name,
          instruction: fillPlaceholders(task.instruction, values),
          ...(startUrl?.ok ? { startUrl: startUrl.url } : {}),
          ...(task.check ? { check: task.check } : {}),
        },
        labelled,
      );
      return { ...(await list()), started: comparison.id };
    },
    'evals.stop': async ({ id }) => {
      await deps.driver.stop(id);
      return list();
    },
    'evals.delete': async ({ id }) => {
      await deps.driver.stop(id);
      await deps.store.delete(id);
      return list();
    },
  };
}
