import type { TaskState } from './task-state';
import { t } from '../ui/t';

/** The values a task's `{placeholders}` ask for, filled in above the message box before the task runs. */
export function TaskFillForm({ tasks }: { tasks: TaskState }) {
  const f = tasks.filling.value;
  if (!f) return null;
  return (
    <form
      class="task-fill"
      aria-label={t('task_fill_title', f.task.name)}
      onSubmit={(e) => {
        e.preventDefault();
        void tasks.runFilled();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        tasks.cancelFill();
      }}
    >
      <strong>{t('task_fill_title', f.task.name)}</strong>
      {f.task.placeholders.map((name, i) => (
        <label key={name}>
          <span>{name}</span>
          <input
            name={name}
            value={f.values[name] ?? ''}
            autoFocus={i === 0}
            onInput={(e) => tasks.setValue(name, e.currentTarget.value)}
          />
        </label>
      ))}
      <div class="task-fill-buttons">
        <button type="submit">{t('task_fill_run')}</button>
        <button type="button" onClick={() => tasks.cancelFill()}>
          {t('common_cancel')}
        </button>
      </div>
    </form>
  );
}
