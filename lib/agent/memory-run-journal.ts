import { assembleSnapshot, type StoredRun } from './assemble-snapshot';
import type { JournalBatch, RunJournal } from './run-journal';

/** A RunJournal that can say how much it holds (the same records the IndexedDB journal stores). */
export interface MemoryRunJournal extends RunJournal {
  /** Every stored record, as JSON: what a size measurement counts. */
  storedBytes(): number;
}

/** An in-memory RunJournal for unit tests and benches; clones on the way in and out, like IndexedDB. */
export function createMemoryRunJournal(): MemoryRunJournal {
  const runs = new Map<string, StoredRun>();
  const put = <T>(list: T[], item: T, same: (a: T) => boolean) => {
    const i = list.findIndex(same);
    if (i >= 0) list[i] = item;
    else list.push(item);
  };
  return {
    async write(batch: JournalBatch) {
      const b = structuredClone(batch);
      if (b.run) {
        const existing = runs.get(b.run.id);
        if (existing) existing.run = b.run;
        else
          runs.set(b.run.id, {
            run: b.run,
            requests: [],
            steps: [],
            texts: [],
            toolCalls: [],
            approvals: [],
            interjections: [],
          });
      }
      if (b.runInput) {
        const s = runs.get(b.runInput.runId);
        if (!s) throw new Error(`Journal has no run ${b.runInput.runId}`);
        s.input = b.runInput;
      }
      const of = (runId: string) => {
        const s = runs.get(runId);
        if (!s) throw new Error(`Journal has no run ${runId}`);
        return s;
      };
      for (const x of b.requests ?? []) put(of(x.runId).requests, x, (y) => y.index === x.index);
      for (const x of b.steps ?? []) put(of(x.runId).steps, x, (y) => y.index === x.index);
      for (const x of b.texts ?? []) put(of(x.runId).texts, x, (y) => y.index === x.index);
      for (const x of b.toolCalls ?? []) put(of(x.runId).toolCalls, x, (y) => y.toolCallId === x.toolCallId);
      for (const x of b.approvals ?? []) put(of(x.runId).approvals, x, (y) => y.toolCallId === x.toolCallId);
      for (const x of b.interjections ?? []) put(of(x.runId).interjections, x, (y) => y.id === x.id);
    },
    async read(runId) {
      const s = runs.get(runId);
      return s ? assembleSnapshot(structuredClone(s)) : undefined;
    },
    async readApprovals(runId) {
      const s = runs.get(runId);
      return s ? structuredClone({ run: s.run, approvals: s.approvals }) : undefined;
    },
    async listUnfinished() {
      return [...runs.values()].filter((s) => s.run.status !== 'finished').map((s) => structuredClone(s.run));
    },
    async listRuns(conversationId) {
      return [...runs.values()]
        .filter((s) => s.run.conversationId === conversationId)
        .map((s) => structuredClone(s.run));
    },
    async listChildren(runId) {
      return [...runs.values()].filter((s) => s.run.parent?.runId === runId).map((s) => structuredClone(s.run));
    },
    async deleteConversation(conversationId) {
      for (const [id, s] of runs) if (s.run.conversationId === conversationId) runs.delete(id);
    },
    storedBytes: () =>
      [...runs.values()].reduce(
        (n, s) =>
          n +
          Object.values(s)
            .flat()
            .reduce((m: number, r) => m + JSON.stringify(r).length, 0),
        0,
      ),
  };
}
