/**
 * The pause at the step limit: instead of ending a long task, the run asks "Continue for N more steps?" and
 * waits for the user's click (N is the user's own limit; nothing continues by itself). The question is kept in
 * the journal as an approval record of its own, so it survives a worker restart exactly like an approval card:
 * a resumed run asks again, and a click given while the worker was away is not lost.
 */
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ApprovalRecord, RunSnapshot } from './run-journal';

/** The approval records' tool name for the pause (no tool has it: it never reaches a registry or a model). */
export const CONTINUE_STEPS = 'continue_steps';

/** The pause's record id after `steps` completed steps (one pause per limit reached). */
export const pauseIdAt = (steps: number) => `continue-${steps}`;

/** What the pause's record carries: the steps done and the steps a Continue grants. */
export interface PauseInput {
  steps: number;
  more: number;
}

export const isPause = (a: ApprovalRecord) => a.toolName === CONTINUE_STEPS;

/** The steps the run may take now: its limit, once more for every Continue the user clicked. */
export function allowedSteps(snap: Pick<RunSnapshot, 'approvals'>, limit: number): number {
  const granted = snap.approvals.filter((a) => isPause(a) && (a.status === 'approved' || a.status === 'always'));
  return limit * (1 + granted.length);
}

/**
 * Asks (or asks again, after a restart) whether to go on past `steps` steps; `continue` once the user clicked
 * Continue, `stop` once they chose to stop here, `cancelled` when the run was stopped while it waited.
 */
export async function pauseAtStepLimit(
  live: LiveRun,
  deps: RuntimeDeps,
  steps: number,
  more: number,
): Promise<'continue' | 'stop' | 'cancelled'> {
  const runId = live.snap.run.id;
  const pauseId = pauseIdAt(steps);
  let a = live.snap.approvals.find((x) => x.toolCallId === pauseId);
  if (!a) {
    const input: PauseInput = { steps, more };
    a = {
      runId,
      toolCallId: pauseId,
      toolName: CONTINUE_STEPS,
      input,
      preview: '',
      canAlwaysAllow: false,
      status: 'pending',
      requestedAt: deps.now(),
    };
    live.snap.approvals.push(a);
    await deps.journal.write({ approvals: [a] });
  }
  if (a.status === 'cancelled') return 'cancelled';
  if (a.status === 'pending') {
    live.emit({ type: 'run-paused', runId, pauseId, steps, more });
    try {
      a.status = await deps.waiters.wait(runId, pauseId, live.controller.signal);
    } catch (reason) {
      if (!live.controller.signal.aborted) throw reason;
      if (deps.isDead()) return 'cancelled';
      a.status = 'cancelled';
    }
    a.resolvedAt = deps.now();
    await deps.journal.write({ approvals: [a] });
    if (a.status === 'cancelled') return 'cancelled';
  }
  const decision = a.status === 'denied' ? 'stop' : 'continue';
  live.emit({ type: 'run-pause-resolved', runId, pauseId, decision });
  return decision;
}
