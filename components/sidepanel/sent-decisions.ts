/**
 * The decisions the user gave on cards, as far as the panel knows: sending until the worker acknowledges one,
 * then what became of it (taken, another decision taken first, or too late). A card shows this until the run's
 * own events say the same, so a click never looks taken while it is still on its way.
 */
import { signal } from '@preact/signals';
import type { ApprovalOutcome } from '../../lib/background/panel-port';

export type CardDecision = 'approved' | 'denied' | 'always';

/** One decision sent from a card; `outcome` once the worker acknowledged it. */
export interface SentDecision {
  decision: CardDecision;
  outcome?: ApprovalOutcome;
}

/** The decision the worker said the run goes by (this one, or another taken first); none while sending or too late. */
export const takenDecision = (sent: SentDecision | undefined): CardDecision | undefined =>
  sent?.outcome && sent.outcome.outcome !== 'closed' ? sent.outcome.decision : undefined;

export type SentDecisions = ReturnType<typeof createSentDecisions>;

export function createSentDecisions() {
  const sent = signal<ReadonlyMap<string, SentDecision>>(new Map());
  const key = (runId: string, id: string) => `${runId}\u0000${id}`;
  const put = (k: string, value: SentDecision | undefined) => {
    const next = new Map(sent.value);
    if (value) next.set(k, value);
    else next.delete(k);
    sent.value = next;
  };
  return {
    /** The decision sent on card `id` of run `runId` (reading it subscribes the component that renders it). */
    of: (runId: string, id: string): SentDecision | undefined => sent.value.get(key(runId, id)),
    sending(runId: string, id: string, decision: CardDecision) {
      put(key(runId, id), { decision });
    },
    /** The worker acknowledged it with what became of it. */
    settled(runId: string, id: string, outcome: ApprovalOutcome) {
      const given = sent.value.get(key(runId, id));
      if (given) put(key(runId, id), { ...given, outcome });
    },
    /** The worker met an error with it: the card asks again. */
    failed(runId: string, id: string) {
      put(key(runId, id), undefined);
    },
  };
}
