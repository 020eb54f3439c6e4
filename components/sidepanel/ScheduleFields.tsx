/** The task form's schedule: when the task runs by itself, and what becomes of a run the browser was closed for. */
import type { ScheduleDraft } from './schedule-draft';
import { t } from '../ui/t';

export function ScheduleFields({ value, onChange }: { value: ScheduleDraft; onChange(d: ScheduleDraft): void }) {
  const set = (patch: Partial<ScheduleDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset class="task-schedule">
      <legend>{t('task_schedule')}</legend>
      <label>
        <span>{t('task_schedule_every')}</span>
        <select
          name="task-schedule"
          value={value.every}
          onChange={(e) => set({ every: e.currentTarget.value as ScheduleDraft['every'] })}
        >
          <option value="never">{t('task_schedule_never')}</option>
          <option value="day">{t('task_schedule_daily')}</option>
          <option value="weekday">{t('task_schedule_weekdays')}</option>
          <option value="hours">{t('task_schedule_hours')}</option>
        </select>
      </label>
      {value.every === 'hours' && (
        <label>
          <span>{t('task_schedule_hours_count')}</span>
          <input
            name="task-schedule-hours"
            type="number"
            min={1}
            max={168}
            value={value.hours}
            onInput={(e) => set({ hours: Math.max(1, Math.min(168, Math.round(Number(e.currentTarget.value) || 1))) })}
          />
        </label>
      )}
      {value.every !== 'never' && (
        <>
          <label>
            <span>{value.every === 'hours' ? t('task_schedule_first_at') : t('task_schedule_at')}</span>
            <input
              name="task-schedule-at"
              type="time"
              required
              value={value.at}
              onInput={(e) => e.currentTarget.value && set({ at: e.currentTarget.value })}
            />
          </label>
          <label>
            <span>{t('task_schedule_missed')}</span>
            <select
              name="task-schedule-missed"
              value={value.missed}
              onChange={(e) => set({ missed: e.currentTarget.value as ScheduleDraft['missed'] })}
            >
              <option value="run">{t('task_schedule_missed_run')}</option>
              <option value="skip">{t('task_schedule_missed_skip')}</option>
            </select>
          </label>
          <small>{t('task_schedule_hint')}</small>
        </>
      )}
    </fieldset>
  );
}
