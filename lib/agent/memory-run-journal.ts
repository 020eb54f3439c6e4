import type { JournalBatch, RunJournal, RunSnapshot } from './run-journal';
import { sortSnapshot } from './run-journal';

/** An in-memory RunJournal for unit tests and benches; clones on the way in and out, like IndexedDB. */
export function createMemoryRunJournal(): RunJournal {
  const runs = new Map<string, RunSnapshot>();
  const put = <T>(list: T[], item: T, same: (a: T) => boolean) => {
    const i = list.findIndex(same);
    if (i >= 0) list[i] = item; else list.push(item);
  };
  return {
    async write(batch: JournalBatch) {
      const b = structuredClone(batch);
      if (b.run) {
        const existing = runs.get(b.run.id);
        if (existing) existing.run = b.run;
        else runs.set(b.run.id, { run: b.run, steps: [], toolCalls: [], approvals: [], interjections: [] });
      }
      const of = (runId: string) => {
        const s = runs.get(runId);
        if (!s) throw new Error(`Journal has no run ${runId}`);
        return s;
      };
      for (const x of b.steps ?? []) put(of(x.runId).steps, x, (y) => y.index === x.index);
      for (const x of b.toolCalls ?? []) put(of(x.runId).toolCalls, x, (y) => y.toolCallId === x.toolCallId);
      for (const x of b.approvals ?? []) put(of(x.runId).approvals, x, (y) => y.toolCallId === x.toolCallId);
      for (const x of b.interjections ?? []) put(of(x.runId).interjections, x, (y) => y.id === x.id);
    },
    async read(runId) {
      const s = runs.get(runId);
      return s ? sortSnapshot(structuredClone(s)) : undefined;
    },
    async listUnfinished() {
      return [...runs.values()].filter((s) => s.run.status !== 'finished').map((s) => structuredClone(s.run));
    },
  };
}
