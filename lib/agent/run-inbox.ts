/**
 * What reaches a run from outside while it runs or waits: a message the user sends during it (an interjection,
 * taken in before its next model call) and the user's decision on an approval card, stored for the run even
 * when no worker is waiting for it yet (the worker was stopped while the card waited).
 */
import { siteKey } from '../tools/site-policy-store';
import { t } from '../util/t';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ApprovalDecision } from './run-journal';

/**
 * What became of a decision the user sent. The panel sends it again when it was not told it arrived, so one
 * decision may come twice: the second copy changes nothing and is answered like the first.
 */
export type ApprovalOutcome =
  /** The run goes by this decision: taken now, or (`repeated`) taken from an earlier copy of it. */
  | { outcome: 'decided'; decision: ApprovalDecision; repeated?: true }
  /** Another decision was taken first (another panel, an earlier click): the run goes by that one. */
  | { outcome: 'decided-otherwise'; decision: ApprovalDecision }
  /** The question closed before any decision (the run finished or was stopped): this one changes nothing. */
  | { outcome: 'closed' };

export interface RunInbox {
  interject(runId: string, text: string): Promise<string>;
  /**
   * Delivers the decision once: a repeated or late one is answered, never thrown. `onTake` runs just before it
   * is taken (and only then), so what the user typed with it is handed over for the one call that takes it.
   */
  resolveApproval(
    runId: string,
    toolCallId: string,
    decision: ApprovalDecision,
    onTake?: () => void,
  ): Promise<ApprovalOutcome>;
  hasPendingApproval(runId: string, toolCallId: string): Promise<boolean>;
}

export function createRunInbox({
  deps,
  live,
  generateId,
  now,
}: {
  deps: RuntimeDeps;
  live(runId: string): LiveRun | undefined;
  generateId(): string;
  now(): number;
}): RunInbox {
  return {
    async interject(runId, text) {
      const l = live(runId);
      const snap = l?.snap ?? (await deps.journal.read(runId));
      if (!snap || snap.run.status === 'finished') throw new Error(t('bg_run_not_running', runId));
      const rec = { runId, id: generateId(), text, at: now() };
      snap.interjections.push(rec); // visible to the loop at once, before the write settles
      await deps.journal.write({ interjections: [rec] });
      return rec.id;
    },
    async resolveApproval(runId, toolCallId, decision, onTake) {
      // The live run's snapshot first (a run resuming after the worker was stopped reads the decision from it),
      // else the journal, so a click made while the worker was away is not lost.
      const held = live(runId)?.snap;
      let a = held?.approvals.find((x) => x.toolCallId === toolCallId);
      const snap = a ? held : await deps.journal.read(runId);
      a ??= snap?.approvals.find((x) => x.toolCallId === toolCallId);
      // Read after the last await: a copy handled meanwhile has left its decision on the record, or here.
      const recorded = a?.status !== 'pending' ? a?.status : undefined;
      const given = recorded ?? deps.waiters.givenFor(runId, toolCallId);
      if (!a || given === 'cancelled' || (!given && snap?.run.status === 'finished')) return { outcome: 'closed' };
      // Answered only once the journal holds it: a worker stopped right after the answer would otherwise ask
      // again while the panel shows the card decided. (The run writes the same record as it takes it.)
      const durable = (status: ApprovalDecision) =>
        deps.journal.write({ approvals: [{ ...a, status, resolvedAt: a.resolvedAt ?? now() }] });
      if (given) {
        if (!recorded) await durable(given);
        return given === decision
          ? { outcome: 'decided', decision, repeated: true }
          : { outcome: 'decided-otherwise', decision: given };
      }
      onTake?.();
      if (deps.waiters.resolve(runId, toolCallId, decision)) {
        await durable(decision);
        return { outcome: 'decided', decision };
      }
      Object.assign(a, { status: decision, resolvedAt: now() });
      // A run that read its journal before this write, and waits only later, takes the decision from here.
      deps.waiters.offer(runId, toolCallId, decision);
      await deps.journal.write({ approvals: [a] });
      if (decision === 'always') await deps.sitePolicies.allow(siteKey(a.site), a.toolName);
      return { outcome: 'decided', decision };
    },
    async hasPendingApproval(runId, toolCallId) {
      const snap = live(runId)?.snap ?? (await deps.journal.read(runId));
      return snap?.approvals.some((x) => x.toolCallId === toolCallId && x.status === 'pending') ?? false;
    },
  };
}
