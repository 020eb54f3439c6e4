import type { ApprovalDecision } from './run-journal';

/** Parked approval prompts of live runs, so a decision from the UI reaches the call that waits for it. */
export class ApprovalWaiters {
  private readonly waiting = new Map<string, (d: ApprovalDecision) => void>();
  /** Decisions that arrived before anything waited for them (a run still resuming after a restart). */
  private readonly early = new Map<string, ApprovalDecision>();
  /**
   * Every decision given in this worker, until its record says so: a copy of it that arrives meanwhile (the panel
   * resends what it was not told arrived) is answered from here, not taken a second time (bounded like `early`).
   */
  private readonly given = new Map<string, ApprovalDecision>();

  private key = (runId: string, toolCallId: string) => `${runId}\u0000${toolCallId}`;

  /** Resolves with the decision; rejects with the signal's reason if the run stops first. */
  wait(runId: string, toolCallId: string, signal: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve, reject) => {
      const key = this.key(runId, toolCallId);
      const given = this.early.get(key);
      if (given !== undefined) {
        this.early.delete(key);
        return resolve(given);
      }
      const onAbort = () => {
        this.waiting.delete(key);
        reject(signal.reason);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(key, (d) => {
        signal.removeEventListener('abort', onAbort);
        this.waiting.delete(key);
        resolve(d);
      });
    });
  }

  /** Keeps a decision nothing waits for yet, for the wait that comes (bounded: a few prompts at most are open). */
  offer(runId: string, toolCallId: string, decision: ApprovalDecision): void {
    this.early.set(this.key(runId, toolCallId), decision);
    if (this.early.size > 32) this.early.delete(this.early.keys().next().value!);
    this.remember(runId, toolCallId, decision);
  }

  /** The decision already given for the call in this worker, if one was. */
  givenFor(runId: string, toolCallId: string): ApprovalDecision | undefined {
    return this.given.get(this.key(runId, toolCallId));
  }

  private remember(runId: string, toolCallId: string, decision: ApprovalDecision) {
    this.given.set(this.key(runId, toolCallId), decision);
    if (this.given.size > 64) this.given.delete(this.given.keys().next().value!);
  }

  /** False when nothing here is waiting (the decision is then stored for a resumed run). */
  resolve(runId: string, toolCallId: string, decision: ApprovalDecision): boolean {
    const w = this.waiting.get(this.key(runId, toolCallId));
    if (!w) return false;
    this.remember(runId, toolCallId, decision);
    w(decision);
    return true;
  }
}
