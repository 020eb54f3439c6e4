/** Record in the Tasks view: the live count while recording, then the steps to edit and save as a task. */
import { useEffect, useState } from 'preact/hooks';
import type { RecordingStep } from '../../lib/core/recording';
import { formatInteger } from '../../lib/util/format-integer';
import { t } from '../ui/t';
import type { RecordingState } from './recording-state';

/** A step as the list shows it (the page's own words for the element, in quotes). */
export function describeRecordedStep(step: RecordingStep): string {
  if (step.note) return step.note;
  const el = 'target' in step && step.target ? step.target : undefined;
  switch (step.action) {
    case 'click':
      return t('recording_step_click', el!.role, el!.name);
    case 'type':
      return t('recording_step_type', el!.role, el!.name, step.value);
    case 'choose':
      return t('recording_step_choose', el!.role, el!.name, step.option);
    case 'press':
      return el ? t('recording_step_press_in', el.role, el.name, step.key) : t('recording_step_press', step.key);
    case 'password':
      return t('recording_step_password', el!.role, el!.name);
    case 'navigate':
      return t('recording_step_navigate', step.url);
  }
}

function StepRow({ rec, step, i, count }: { rec: RecordingState; step: RecordingStep; i: number; count: number }) {
  const [param, setParam] = useState('');
  const n = formatInteger(i + 1);
  const valued = step.action === 'type' || step.action === 'choose';
  return (
    <li data-step={i + 1}>
      <input
        aria-label={t('recording_step_note', n)}
        value={describeRecordedStep(step)}
        onChange={(e) => rec.rename(i, e.currentTarget.value)}
      />
      {valued && (
        <span class="recording-param">
          <input
            aria-label={t('recording_step_param', n)}
            placeholder={t('recording_step_param', n)}
            value={param}
            onInput={(e) => setParam(e.currentTarget.value)}
          />
          <button type="button" onClick={() => rec.markParameter(i, param.trim())}>
            {t('recording_make_param')}
          </button>
        </span>
      )}
      <button type="button" aria-label={t('recording_step_up', n)} disabled={i === 0} onClick={() => rec.move(i, -1)}>
        ↑
      </button>
      <button
        type="button"
        aria-label={t('recording_step_down', n)}
        disabled={i === count - 1}
        onClick={() => rec.move(i, 1)}
      >
        ↓
      </button>
      <button type="button" aria-label={t('recording_step_delete', n)} onClick={() => rec.remove(i)}>
        ×
      </button>
    </li>
  );
}

export function RecordingPanel({ rec }: { rec: RecordingState }) {
  useEffect(() => void rec.load().catch((e: unknown) => console.warn('recording state', e)), [rec]);
  const live = rec.live.value;
  const draft = rec.draft.value;
  return (
    <div class="recording">
      {rec.error.value && <p role="alert">{rec.error.value}</p>}
      {!live && !draft && (
        <p>
          <button type="button" onClick={() => void rec.start()}>
            {t('recording_record')}
          </button>{' '}
          <small>{t('recording_hint')}</small>
        </p>
      )}
      {live && (
        <p role="status">
          {t('recording_live', formatInteger(live.steps.length))}{' '}
          <button type="button" onClick={() => void rec.stop()}>
            {t('recording_stop')}
          </button>
        </p>
      )}
      {draft && (
        <form
          aria-label={t('recording_edit_title')}
          onSubmit={(e) => {
            e.preventDefault();
            void rec.save();
          }}
        >
          <h3>{t('recording_edit_title')}</h3>
          {draft.skipped > 0 && <p role="note">{t('recording_skipped', formatInteger(draft.skipped))}</p>}
          <ol>
            {draft.steps.map((step, i) => (
              <StepRow key={`${i}:${JSON.stringify(step)}`} rec={rec} step={step} i={i} count={draft.steps.length} />
            ))}
          </ol>
          <label>
            <span>{t('task_field_name')}</span>
            <input value={draft.name} onInput={(e) => rec.setField('name', e.currentTarget.value)} />
          </label>
          <label>
            <span>{t('task_field_instruction')}</span>
            <textarea
              rows={2}
              value={draft.instruction}
              onInput={(e) => rec.setField('instruction', e.currentTarget.value)}
            />
          </label>
          <p class="form-actions">
            <button type="submit">{t('recording_save')}</button>
            <button type="button" onClick={() => rec.discard()}>
              {t('recording_discard')}
            </button>
          </p>
        </form>
      )}
    </div>
  );
}
