import type { RunPart } from '../../lib/core/run-part';
import type { ToolCardActions } from './cards/card-props';
import { t } from '../ui/t';
import { SentLine } from './SentLine';
import { takenDecision } from './sent-decisions';

type PausePart = Extract<RunPart, { kind: 'pause' }>;

/**
 * The run waits at its step limit: "Continue for N more steps?" with Continue and Stop here. Nothing goes on
 * until the user clicks; once answered, a line says what they chose.
 */
export function StepLimitPause({ part, actions }: { part: PausePart; actions?: ToolCardActions }) {
  const more = String(part.more);
  // Sent from here and not shown by the run yet: on its way, taken, or too late (sent-decisions.ts).
  const sent = part.decision ? undefined : actions?.sent?.(part.pauseId);
  const taken = takenDecision(sent);
  const decision = part.decision ?? (taken && (taken === 'denied' ? 'stop' : 'continue'));
  if (decision)
    return (
      <div class="notice-line step-pause" data-decision={decision}>
        {decision === 'continue' ? t('pause_continued', more) : t('pause_stopped', String(part.steps))}
      </div>
    );
  if (sent) return <SentLine sent={sent} />;
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
