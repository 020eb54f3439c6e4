import type { IDBPDatabase } from 'idb';
import type { AgentDb } from './agent-db';
import { assembleSnapshot } from './assemble-snapshot';
import type { RunJournal } from './run-journal';

const stores = [
  'runs',
  'runInputs',
  'stepRequests',
  'steps',
  'stepTexts',
  'toolCalls',
  'approvals',
  'interjections',
] as const;
const perRun = ['stepRequests', 'steps', 'stepTexts', 'toolCalls', 'approvals', 'interjections'] as const;

/** A RunJournal in the 'tabwise-agent' database; each batch is one readwrite transaction, so it is atomic. */
export function createIdbRunJournal(db: IDBPDatabase<AgentDb>): RunJournal {
  return {
    async write(batch) {
      const tx = db.transaction([...stores], 'readwrite');
      const puts: Array<Promise<unknown>> = [];
      if (batch.run) puts.push(tx.objectStore('runs').put(batch.run));
      if (batch.runInput) puts.push(tx.objectStore('runInputs').put(batch.runInput));
      for (const r of batch.requests ?? []) puts.push(tx.objectStore('stepRequests').put(r));
      for (const s of batch.steps ?? []) puts.push(tx.objectStore('steps').put(s));
      for (const t of batch.texts ?? []) puts.push(tx.objectStore('stepTexts').put(t));
      for (const c of batch.toolCalls ?? []) puts.push(tx.objectStore('toolCalls').put(c));
      for (const a of batch.approvals ?? []) puts.push(tx.objectStore('approvals').put(a));
      for (const i of batch.interjections ?? []) puts.push(tx.objectStore('interjections').put(i));
      await Promise.all([...puts, tx.done]);
    },
    async read(runId) {
      const tx = db.transaction([...stores], 'readonly');
      const [run, input, requests, steps, texts, toolCalls, approvals, interjections] = await Promise.all([
        tx.objectStore('runs').get(runId),
        tx.objectStore('runInputs').get(runId),
        tx.objectStore('stepRequests').index('byRun').getAll(runId),
        tx.objectStore('steps').index('byRun').getAll(runId),
        tx.objectStore('stepTexts').index('byRun').getAll(runId),
        tx.objectStore('toolCalls').index('byRun').getAll(runId),
        tx.objectStore('approvals').index('byRun').getAll(runId),
        tx.objectStore('interjections').index('byRun').getAll(runId),
      ]);
      await tx.done;
      return run
        ? assembleSnapshot({ run, input, requests, steps, texts, toolCalls, approvals, interjections })
        : undefined;
    },
    async readApprovals(runId) {
      const tx = db.transaction(['runs', 'approvals'], 'readonly');
      const [run, approvals] = await Promise.all([
        tx.objectStore('runs').get(runId),
        tx.objectStore('approvals').index('byRun').getAll(runId),
      ]);
      await tx.done;
      return run ? { run, approvals } : undefined;
    },
    listUnfinished: () => db.getAllFromIndex('runs', 'byStatus', 'running'),
    listRuns: (conversationId) => db.getAllFromIndex('runs', 'byConversation', conversationId),
    listChildren: (runId) => db.getAllFromIndex('runs', 'byParent', runId),
    async deleteConversation(conversationId) {
      const tx = db.transaction([...stores], 'readwrite');
      const runIds = await tx.objectStore('runs').index('byConversation').getAllKeys(conversationId);
      const deletes: Array<Promise<unknown>> = [];
      for (const runId of runIds) {
        deletes.push(tx.objectStore('runs').delete(runId), tx.objectStore('runInputs').delete(runId));
        for (const name of perRun) {
          const store = tx.objectStore(name);
          deletes.push(
            store
              .index('byRun')
              .getAllKeys(runId)
              .then((keys) => Promise.all(keys.map((k) => store.delete(k)))),
          );
        }
      }
      await Promise.all([...deletes, tx.done]);
    },
  };
}
