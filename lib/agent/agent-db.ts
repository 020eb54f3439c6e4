/**
 * The agent's own IndexedDB database, 'tabwise-agent': run journals, memories, per-site approval policies
 * and latency telemetry. Separate from the main database so the runtime's schema evolves on its own.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { Memory } from '../tools/memory-store';
import type { LatencyRecord } from './latency-store';
import { runState, stepState, stepText } from './assemble-snapshot';
import type {
  ApprovalRecord,
  InterjectionRecord,
  RunInputRecord,
  RunRecord,
  RunState,
  StepRecord,
  StepRequestRecord,
  StepState,
  StepText,
  ToolCallRecord,
} from './run-journal';

export interface AgentDb extends DBSchema {
  /** A run's state; version 1 kept its input messages here too, moved to runInputs by the second migration. */
  runs: { key: string; value: RunState; indexes: { byStatus: string; byConversation: string; byParent: string } };
  /** A step's state; version 1 stored whole StepRecords here, split up by the second migration. */
  steps: { key: [string, number]; value: StepState; indexes: { byRun: string } };
  runInputs: { key: string; value: RunInputRecord };
  stepTexts: { key: [string, number]; value: StepText; indexes: { byRun: string } };
  stepRequests: { key: [string, number]; value: StepRequestRecord; indexes: { byRun: string } };
  toolCalls: { key: [string, string]; value: ToolCallRecord; indexes: { byRun: string } };
  approvals: { key: [string, string]; value: ApprovalRecord; indexes: { byRun: string } };
  interjections: { key: [string, string]; value: InterjectionRecord; indexes: { byRun: string } };
  memories: { key: string; value: Memory; indexes: { byCreatedAt: number } };
  /** "Always allow" grants; `allowedAt` is missing from grants stored before they were timed (read as "earlier"). */
  sitePolicies: { key: [string, string]; value: { site: string; toolName: string; allowedAt?: number } };
  latency: { key: number; value: LatencyRecord; indexes: { byAt: number } };
}

export const AGENT_DB_NAME = 'tabwise-agent';

type Migration = (
  db: IDBPDatabase<AgentDb>,
  tx: IDBPTransaction<AgentDb, StoreNames<AgentDb>[], 'versionchange'>,
) => void;

/** Index i upgrades from version i to i + 1. Never edit a released migration; append one. */
const migrations: Migration[] = [
  (db) => {
    db.createObjectStore('runs', { keyPath: 'id' }).createIndex('byStatus', 'status');
    db.createObjectStore('steps', { keyPath: ['runId', 'index'] }).createIndex('byRun', 'runId');
    db.createObjectStore('toolCalls', { keyPath: ['runId', 'toolCallId'] }).createIndex('byRun', 'runId');
    db.createObjectStore('approvals', { keyPath: ['runId', 'toolCallId'] }).createIndex('byRun', 'runId');
    db.createObjectStore('interjections', { keyPath: ['runId', 'id'] }).createIndex('byRun', 'runId');
    db.createObjectStore('memories', { keyPath: 'id' }).createIndex('byCreatedAt', 'createdAt');
    db.createObjectStore('sitePolicies', { keyPath: ['site', 'toolName'] });
    db.createObjectStore('latency', { autoIncrement: true }).createIndex('byAt', 'at');
  },
  // A step becomes three records (request as a delta, streamed text, state) so no write re-puts the request.
  (db, tx) => {
    tx.objectStore('runs').createIndex('byConversation', 'conversationId');
    tx.objectStore('runs').createIndex('byParent', 'parent.runId');
    db.createObjectStore('runInputs', { keyPath: 'runId' });
    db.createObjectStore('stepTexts', { keyPath: ['runId', 'index'] }).createIndex('byRun', 'runId');
    db.createObjectStore('stepRequests', { keyPath: ['runId', 'index'] }).createIndex('byRun', 'runId');
    void splitVersion1Records(tx);
  },
];

const isVersion1Run = (v: unknown): v is RunRecord =>
  typeof v === 'object' && v !== null && 'messages' in v && 'id' in v;
const isVersion1Step = (v: unknown): v is StepRecord =>
  typeof v === 'object' && v !== null && 'request' in v && 'runId' in v;

/** Old runs give up their input messages; old whole steps keep their requests in full (keep 0), since their chain was never stored as deltas. */
async function splitVersion1Records(tx: IDBPTransaction<AgentDb, StoreNames<AgentDb>[], 'versionchange'>) {
  let runs = await tx.objectStore('runs').openCursor();
  while (runs) {
    const old: unknown = runs.value;
    if (isVersion1Run(old)) {
      await tx.objectStore('runInputs').put({ runId: old.id, messages: old.messages });
      await runs.update(runState(old));
    }
    runs = await runs.continue();
  }
  let cursor = await tx.objectStore('steps').openCursor();
  while (cursor) {
    const old: unknown = cursor.value;
    if (isVersion1Step(old)) {
      const { system, messages, tools, ...options } = old.request;
      const step: StepRecord = { ...old, text: old.text ?? '', reasoning: old.reasoning ?? '' };
      await tx
        .objectStore('stepRequests')
        .put({ runId: old.runId, index: old.index, keep: 0, append: messages, system, tools: tools ?? [], options });
      await tx.objectStore('stepTexts').put(stepText(step));
      await cursor.update(stepState(step));
    }
    cursor = await cursor.continue();
  }
}

export const AGENT_DB_VERSION = migrations.length;

/** Opens (and migrates) the agent database; `name` is injectable so tests get a fresh one each. */
export function openAgentDb(name = AGENT_DB_NAME): Promise<IDBPDatabase<AgentDb>> {
  return openDB<AgentDb>(name, AGENT_DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      for (let v = oldVersion; v < AGENT_DB_VERSION; v++) migrations[v]!(db, tx);
    },
  });
}
