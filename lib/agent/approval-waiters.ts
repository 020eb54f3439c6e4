import type { ApprovalDecision } from './run-journal';

/** Parked approval prompts of live runs, so a decision from the UI reaches the call that waits for it. */
export class ApprovalWaiters {
  private readonly waiting = new Map<string, (d: ApprovalDecision) => void>();

  private key = (runId: string, toolCallId: string) => `${runId}\u0000${toolCallId}`;

  /** Resolves with the decision; rejects with the signal's reason if the run stops first. */
  wait(runId: string, toolCallId: string, signal: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve, reject) => {
      const key = this.key(runId, toolCallId);
      const onAbort = () => { this.waiting.delete(key); reject(signal.reason); };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(key, (d) => { signal.removeEventListener('abort', onAbort); this.waiting.delete(key); resolve(d); });
    });
  }

  /** False when nothing here is waiting (the decision is then stored for a resumed run). */
  resolve(runId: string, toolCallId: string, decision: ApprovalDecision): boolean {
    const w = this.waiting.get(this.key(runId, toolCallId));
    if (!w) return false;
    w(decision);
    return true;
  }
}
