import { useEffect, useMemo, useState } from 'preact/hooks';
import type { TaskState } from './task-state';
import { t } from '../ui/t';
import { formatInteger } from '../../lib/util/format-integer';
import { CompareModels } from '../options/CompareModels';
import { ComparisonTable } from '../options/ComparisonTable';
import { createCompareModelsState } from '../options/compare-models-state';
import { RecordingPanel } from './RecordingPanel';
import { RunsList } from './RunsList';

/**
 * The panel's Tasks view: the saved tasks, each run with one click (its placeholders are asked for first), and
 * "Compare models" on a prompt task as in Settings → Tasks (a recording replays without a model: nothing to
 * compare), with the comparisons below; a comparison's conversation opens here.
 */
export function TaskList({ tasks, onOpen }: { tasks: TaskState; onOpen(conversationId: string): void }) {
  const list = tasks.tasks.value;
  const [comparing, setComparing] = useState<string | null>(null);
  const compare = useMemo(createCompareModelsState, []);
  useEffect(() => {
    void compare.load();
    return compare.dispose;
  }, [compare]);
  return (
    <section class="task-list" aria-label={t('tasks_title')}>
      <h2>{t('tasks_title')}</h2>
      <RecordingPanel rec={tasks.recording} />
      {tasks.skipped.value > 0 && <p role="note">{t('tasks_skipped', formatInteger(tasks.skipped.value))}</p>}
      {list.length === 0 && <p>{t('tasks_empty')}</p>}
      <ul>
        {list.map((task) => (
          <li key={task.id} data-task={task.name}>
            <span class="item-main">
              <strong>/{task.name}</strong>
              <span class="item-detail">{task.instruction.slice(0, 120)}</span>
              {task.kind === 'recording' && (
                <span class="item-detail">{t('tasks_kind_recording', formatInteger(task.steps?.length ?? 0))}</span>
              )}
              {task.placeholders.length > 0 && (
                <span class="item-detail">{t('tasks_asks_for', task.placeholders.join(', '))}</span>
              )}
            </span>
            <span class="item-actions">
              <button type="button" aria-label={t('tasks_run_named', task.name)} onClick={() => tasks.begin(task)}>
                {t('tasks_run')}
              </button>
              {task.kind === 'prompt' && (
                <button
                  type="button"
                  aria-label={t('eval_compare_named', task.name)}
                  aria-expanded={comparing === task.id}
                  onClick={() => setComparing(comparing === task.id ? null : task.id)}
                >
                  {t('eval_compare')}
                </button>
              )}
            </span>
            {comparing === task.id && <CompareModels task={task} state={compare} onClose={() => setComparing(null)} />}
          </li>
        ))}
      </ul>
      {compare.error.value && (
        <p class="error" role="alert">
          {compare.error.value}
        </p>
      )}
      {compare.list.value.comparisons.length > 0 && <ComparisonTable state={compare} onOpen={onOpen} />}
      <RunsList onOpen={onOpen} />
    </section>
  );
}
