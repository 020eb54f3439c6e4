/** "Delete all data": empties every store of the agent database in one transaction (journal, memories, site policies, telemetry). */
import type { IDBPDatabase, StoreNames } from 'idb';
import type { AgentDb } from './agent-db';

/** Clears every store the agent database has, whatever later migrations add, so nothing is forgotten by omission. */
export async function clearAgentData(db: IDBPDatabase<AgentDb>): Promise<void> {
  const names = [...db.objectStoreNames] as StoreNames<AgentDb>[];
  const tx = db.transaction(names, 'readwrite');
  await Promise.all([...names.map((n) => tx.objectStore(n).clear()), tx.done]);
}
