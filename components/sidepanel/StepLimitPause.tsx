import type { RunPart } from '../../lib/core/run-part';
import type { ToolCardActions } from './cards/card-props';
import { t } from '../ui/t';

type PausePart = Extract<RunPart, { kind: 'pause' }>;

/**
 * The run waits at its step limit: "Continue for N more steps?" with Continue and Stop here. Nothing goes on
 * until the user clicks; once answered, a line says what they chose.
 */
export function StepLimitPause({ part, actions }: { part: PausePart; actions?: ToolCardActions }) {
  const more = String(part.more);
  if (part.decision)
    return (
      <div class="notice-line step-pause" data-decision={part.decision}>
        {part.decision === 'continue' ? t('pause_continued', more) : t('pause_stopped', String(part.steps))}
      </div>
    );
  return (
    <div class="step-pause" role="group" aria-label={t('pause_question', more)}>
      <p class="step-pause-question">{t('pause_question', more)}</p>
      <p class="hint">{t('pause_detail', String(part.steps))}</p>
      {actions ? (
        <div class="actions">
          <button type="button" class="primary" onClick={() => actions.decide(part.pauseId, 'approved')}>
            {t('pause_continue')}
          </button>
          <button type="button" onClick={() => actions.decide(part.pauseId, 'denied')}>
            {t('pause_stop')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
