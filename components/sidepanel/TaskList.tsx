import type { TaskState } from './task-state';
import { t } from '../ui/t';
import { formatInteger } from '../../lib/util/format-integer';
import { RecordingPanel } from './RecordingPanel';
import { RunsList } from './RunsList';

/** The panel's Tasks view: the saved tasks, each run with one click (its placeholders are asked for first). */
export function TaskList({ tasks, onOpen }: { tasks: TaskState; onOpen(conversationId: string): void }) {
  const list = tasks.tasks.value;
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
            <button type="button" aria-label={t('tasks_run_named', task.name)} onClick={() => tasks.begin(task)}>
              {t('tasks_run')}
            </button>
          </li>
        ))}
      </ul>
      <RunsList onOpen={onOpen} />
    </section>
  );
}
