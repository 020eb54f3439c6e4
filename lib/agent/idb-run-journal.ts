import type { IDBPDatabase } from 'idb';
import type { AgentDb } from './agent-db';
import { sortSnapshot, type RunJournal } from './run-journal';

const stores = ['runs', 'steps', 'toolCalls', 'approvals', 'interjections'] as const;

/** A RunJournal in the 'tabwise-agent' database; each batch is one readwrite transaction, so it is atomic. */
export function createIdbRunJournal(db: IDBPDatabase<AgentDb>): RunJournal {
  return {
    async write(batch) {
      const tx = db.transaction([...stores], 'readwrite');
      const puts: Array<Promise<unknown>> = [];
      if (batch.run) puts.push(tx.objectStore('runs').put(batch.run));
      for (const s of batch.steps ?? []) puts.push(tx.objectStore('steps').put(s));
      for (const c of batch.toolCalls ?? []) puts.push(tx.objectStore('toolCalls').put(c));
      for (const a of batch.approvals ?? []) puts.push(tx.objectStore('approvals').put(a));
      for (const i of batch.interjections ?? []) puts.push(tx.objectStore('interjections').put(i));
      await Promise.all([...puts, tx.done]);
    },
    async read(runId) {
      const tx = db.transaction([...stores], 'readonly');
      const [run, steps, toolCalls, approvals, interjections] = await Promise.all([
        tx.objectStore('runs').get(runId),
        tx.objectStore('steps').index('byRun').getAll(runId),
        tx.objectStore('toolCalls').index('byRun').getAll(runId),
        tx.objectStore('approvals').index('byRun').getAll(runId),
        tx.objectStore('interjections').index('byRun').getAll(runId),
      ]);
      await tx.done;
      return run ? sortSnapshot({ run, steps, toolCalls, approvals, interjections }) : undefined;
    },
    listUnfinished: () => db.getAllFromIndex('runs', 'byStatus', 'running'),
  };
}
