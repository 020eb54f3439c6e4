/** The task form: "Save as task" in the panel, and editing a task in Settings → Tasks. */
import { useState } from 'preact/hooks';
import type { TaskFields, TaskModel } from '../../lib/core/saved-task';
import type { EvalCheck } from '../../lib/core/eval-check';
import { checkDraftOf, checkOf, TaskCheckFields } from './TaskCheckFields';
import type { TaskSchedule } from '../../lib/core/task-schedule';
import { ScheduleFields } from './ScheduleFields';
import { draftOf, scheduleOf } from './schedule-draft';
import { t } from '../ui/t';

export interface TaskDraft {
  id?: string;
  name: string;
  instruction: string;
  startUrl: string;
  /** The model to offer (the conversation's, or the task's own). */
  model?: TaskModel;
  /** The task's success check, if it has one (TaskCheckFields.tsx). */
  check?: EvalCheck;
  schedule?: TaskSchedule;
}

interface Props {
  title: string;
  draft: TaskDraft;
  /** How the offered model reads ("OpenAI · gpt-5"). */
  modelLabel?: string;
  /** Resolves with an error message to show, or null once saved. */
  onSave(fields: TaskFields & { id?: string }): Promise<string | null>;
  onCancel(): void;
}

export function TaskForm({ title, draft, modelLabel, onSave, onCancel }: Props) {
  const [name, setName] = useState(draft.name);
  const [instruction, setInstruction] = useState(draft.instruction);
  const [startUrl, setStartUrl] = useState(draft.startUrl);
  const [useModel, setUseModel] = useState(!!draft.model);
  const [check, setCheck] = useState(() => checkDraftOf(draft.check));
  const [schedule, setSchedule] = useState(() => draftOf(draft.schedule));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="task-form"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        const checked = checkOf(check);
        const fields = {
          ...(draft.id ? { id: draft.id } : {}),
          name: name.trim(),
          instruction,
          ...(startUrl.trim() ? { startUrl: startUrl.trim() } : {}),
          ...(useModel && draft.model ? { model: draft.model } : {}),
          ...(checked ? { check: checked } : {}),
        };
        const when = scheduleOf(schedule, Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone, draft.schedule);
        if (when) Object.assign(fields, { schedule: when });
        void onSave(fields).then(setError);
      }}
    >
      <h3>{title}</h3>
      <label>
        <span>{t('task_field_name')}</span>
        <input name="task-name" value={name} required onInput={(e) => setName(e.currentTarget.value)} />
        <small>{t('task_field_name_hint')}</small>
      </label>
      <label>
        <span>{t('task_field_instruction')}</span>
        <textarea
          name="task-instruction"
          rows={4}
          value={instruction}
          onInput={(e) => setInstruction(e.currentTarget.value)}
        />
        <small>{t('task_field_instruction_hint')}</small>
      </label>
      <label>
        <span>{t('task_field_start_page')}</span>
        <input name="task-start-page" type="url" value={startUrl} onInput={(e) => setStartUrl(e.currentTarget.value)} />
      </label>
      {draft.model && (
        <label>
          <span>{t('task_field_model')}</span>
          <select
            name="task-model"
            value={useModel ? 'own' : 'default'}
            onChange={(e) => setUseModel(e.currentTarget.value === 'own')}
          >
            <option value="own">{modelLabel ?? draft.model.modelId}</option>
            <option value="default">{t('task_model_default')}</option>
          </select>
        </label>
      )}
      <TaskCheckFields draft={check} onChange={setCheck} />
      <ScheduleFields value={schedule} onChange={setSchedule} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="task-form-buttons">
        <button type="submit">{t('common_save')}</button>
        <button type="button" onClick={onCancel}>
          {t('common_cancel')}
        </button>
      </div>
    </form>
  );
}
