/**
 * What reaches a run from outside while it runs or waits: a message the user sends during it (an interjection,
 * taken in before its next model call) and the user's decision on an approval card, stored for the run even
 * when no worker is waiting for it yet (the worker was stopped while the card waited).
 */
import { siteKey } from '../tools/site-policy-store';
import { t } from '../util/t';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ApprovalDecision } from './run-journal';

export interface RunInbox {
  interject(runId: string, text: string): Promise<string>;
  resolveApproval(runId: string, toolCallId: string, decision: ApprovalDecision): Promise<void>;
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
    async resolveApproval(runId, toolCallId, decision) {
      if (deps.waiters.resolve(runId, toolCallId, decision)) return;
      // Nothing waits for it in this worker (yet): a run resuming after the worker was stopped reads the
      // decision from the snapshot it already holds, else from its journal, so a click made while the worker
      // was away is not lost (the card would come back and the run wait for a decision already given).
      const held = live(runId)?.snap.approvals.find((x) => x.toolCallId === toolCallId);
      const a = held ?? (await deps.journal.read(runId))?.approvals.find((x) => x.toolCallId === toolCallId);
      if (!a || a.status !== 'pending') throw new Error(t('bg_no_pending_approval', toolCallId, runId));
      Object.assign(a, { status: decision, resolvedAt: now() });
      // A run that read its journal before this write, and waits only later, takes the decision from here.
      deps.waiters.offer(runId, toolCallId, decision);
      await deps.journal.write({ approvals: [a] });
      if (decision === 'always') await deps.sitePolicies.allow(siteKey(a.site), a.toolName);
    },
    async hasPendingApproval(runId, toolCallId) {
      const snap = live(runId)?.snap ?? (await deps.journal.read(runId));
      return snap?.approvals.some((x) => x.toolCallId === toolCallId && x.status === 'pending') ?? false;
    },
  };
}
