import type { SentDecision } from './sent-decisions';
import { t } from '../ui/t';

/** A decision on its way to the worker (the card waits for its acknowledgement), or one that came after the run ended. */
export function SentLine({ sent }: { sent: SentDecision }) {
  return sent.outcome?.outcome === 'closed' ? (
    <div class="decision closed" role="status">
      {t('approval_closed')}
    </div>
  ) : (
    <div class="decision sending" role="status" aria-busy="true">
      {t('approval_sending')}
    </div>
  );
}
