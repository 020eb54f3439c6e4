/**
 * Messages the user sent while an answer was being written. Each joins the run (as an interjection taken in
 * before its next model call); until the run takes it in, the panel shows it as queued. Whatever the run never
 * took in (the user pressed Stop, or it failed) is handed back when the run ends, so it is not lost.
 */

export interface QueuedMessage {
  /** The panel's client id: the user message keeps it if the message is sent on its own later. */
  id: string;
  text: string;
}

export function createQueuedMessages() {
  const byRun = new Map<string, QueuedMessage[]>();
  return {
    add(runId: string, message: QueuedMessage): void {
      byRun.set(runId, [...(byRun.get(runId) ?? []), message]);
    },
    /**
     * The run took a message in. Matched by text, oldest first: the runtime gives an interjection an id of its
     * own, and two queued messages with the same text are interchangeable.
     */
    accept(runId: string, text: string): boolean {
      const list = byRun.get(runId);
      const i = list?.findIndex((m) => m.text === text) ?? -1;
      if (!list || i === -1) return false;
      list.splice(i, 1);
      return true;
    },
    list(runId: string | undefined): QueuedMessage[] {
      return runId ? [...(byRun.get(runId) ?? [])] : [];
    },
    /** The run ended: what it never took in, removed from the queue. */
    take(runId: string): QueuedMessage[] {
      const left = byRun.get(runId) ?? [];
      byRun.delete(runId);
      return left;
    },
  };
}

export type QueuedMessages = ReturnType<typeof createQueuedMessages>;
