/**
 * "Compare models" on a saved task (Settings → Tasks): pick two or more of your models (and the task's placeholder
 * values), then the task runs on each one in turn; the results table is ComparisonTable.tsx.
 */
import { useState } from 'preact/hooks';
import type { TaskView } from '../../lib/core/saved-task';
import type { TaskModel } from '../../lib/core/saved-task';
import { modelKey } from '../sidepanel/model-switcher-state';
import { t } from '../ui/t';
import type { CompareModelsState } from './compare-models-state';

interface Props {
  task: TaskView;
  state: CompareModelsState;
  onClose(): void;
}

export function CompareModels({ task, state, onClose }: Props) {
  const [picked, setPicked] = useState<TaskModel[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const isPicked = (m: TaskModel) => picked.some((p) => modelKey(p) === modelKey(m));
  const toggle = (m: TaskModel, on: boolean) =>
    setPicked(on ? [...picked, m] : picked.filter((p) => modelKey(p) !== modelKey(m)));
  return (
    <form
      class="task-form compare-models"
      aria-label={t('eval_compare_title', task.name)}
      onSubmit={(e) => {
        e.preventDefault();
        void state.start(task.id, picked, values).then((failed) => (failed ? setError(failed) : onClose()));
      }}
    >
      <h3>{t('eval_compare_title', task.name)}</h3>
      <p>{t(task.check ? 'eval_compare_intro' : 'eval_compare_no_check')}</p>
      <fieldset>
        <legend>{t('eval_compare_models')}</legend>
        {state.groups.value.map((g) =>
          g.models.map((modelId) => {
            const m = { providerId: g.providerId, modelId };
            return (
              <label key={modelKey(m)} class="check-row">
                <input
                  type="checkbox"
                  checked={isPicked(m)}
                  disabled={g.notAllowed?.includes(modelId)}
                  onChange={(e) => toggle(m, e.currentTarget.checked)}
                />
                <span>{`${g.providerName} · ${modelId}`}</span>
              </label>
            );
          }),
        )}
      </fieldset>
      {task.placeholders.map((p) => (
        <label key={p}>
          <span>{p}</span>
          <input
            name={`placeholder-${p}`}
            value={values[p] ?? ''}
            onInput={(e) => setValues({ ...values, [p]: e.currentTarget.value })}
          />
        </label>
      ))}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="task-form-buttons">
        <button type="submit" disabled={picked.length < 2}>
          {t('eval_compare_start')}
        </button>
        <button type="button" onClick={onClose}>
          {t('common_cancel')}
        </button>
      </div>
    </form>
  );
}
