import { useEffect, useMemo, useState } from 'preact/hooks';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { TaskListView } from '../../lib/background/protocol';
import { formatInteger } from '../../lib/util/format-integer';
import { SettingsSection } from './SettingsSection';
import { TaskForm } from '../sidepanel/TaskForm';
import { t } from '../ui/t';
import { CompareModels } from './CompareModels';
import { ComparisonTable } from './ComparisonTable';
import { createCompareModelsState } from './compare-models-state';

/** Settings → Tasks: the saved tasks, to edit or delete (they are saved from a message in the panel). */
export function TasksSettings() {
  const [list, setList] = useState<TaskListView>({ tasks: [], skipped: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [comparing, setComparing] = useState<string | null>(null);
  const compare = useMemo(createCompareModelsState, []);
  useEffect(() => {
    void sendToBackground('tasks.list', {}).then(setList, (e: unknown) => setError(String(e)));
    void compare.load();
    return compare.dispose;
  }, [compare]);
  return (
    <SettingsSection id="tasks" description={t('settings_tasks_intro')}>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {list.skipped > 0 && <p role="note">{t('tasks_skipped', formatInteger(list.skipped))}</p>}
      {list.tasks.length === 0 && <p>{t('tasks_empty')}</p>}
      <ul class="item-list" aria-label={t('tasks_title')}>
        {list.tasks.map((task) =>
          editing === task.id ? (
            <li key={task.id} data-task={task.name}>
              <TaskForm
                title={t('task_edit_title', task.name)}
                draft={{ ...task, startUrl: task.startUrl ?? '' }}
                onCancel={() => setEditing(null)}
                onSave={async (fields) => {
                  try {
                    setList(await sendToBackground('tasks.save', fields));
                    setEditing(null);
                    return null;
                  } catch (e) {
                    return e instanceof Error ? e.message : String(e);
                  }
                }}
              />
            </li>
          ) : (
            <li key={task.id} data-task={task.name}>
              <span class="item-main">
                <strong>/{task.name}</strong>
                <span class="item-detail">{task.instruction}</span>
                {task.startUrl && <span class="item-detail">{t('tasks_starts_on', task.startUrl)}</span>}
                {task.placeholders.length > 0 && (
                  <span class="item-detail">{t('tasks_asks_for', task.placeholders.join(', '))}</span>
                )}
              </span>
              <button
                type="button"
                aria-label={t('eval_compare_named', task.name)}
                onClick={() => setComparing(comparing === task.id ? null : task.id)}
              >
                {t('eval_compare')}
              </button>
              <button type="button" aria-label={t('common_edit_named', task.name)} onClick={() => setEditing(task.id)}>
                {t('common_edit')}
              </button>
              <button
                type="button"
                aria-label={t('common_delete_named', task.name)}
                onClick={() =>
                  void sendToBackground('tasks.delete', { id: task.id }).then(setList, (e: unknown) =>
                    setError(String(e)),
                  )
                }
              >
                {t('common_delete')}
              </button>
              {comparing === task.id && (
                <CompareModels task={task} state={compare} onClose={() => setComparing(null)} />
              )}
            </li>
          ),
        )}
      </ul>
      {compare.error.value && (
        <p class="error" role="alert">
          {compare.error.value}
        </p>
      )}
      <ComparisonTable state={compare} />
    </SettingsSection>
  );
}
