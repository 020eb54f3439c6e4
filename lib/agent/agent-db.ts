/**
 * The agent's own IndexedDB database, 'tabwise-agent': run journals, memories, per-site approval policies
 * and latency telemetry. Separate from the main database so the runtime's schema evolves on its own.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Memory } from '../tools/memory-store';
import type { LatencyRecord } from './latency-store';
import type { ApprovalRecord, InterjectionRecord, RunRecord, StepRecord, ToolCallRecord } from './run-journal';

export interface AgentDb extends DBSchema {
  runs: { key: string; value: RunRecord; indexes: { byStatus: string } };
  steps: { key: [string, number]; value: StepRecord; indexes: { byRun: string } };
  toolCalls: { key: [string, string]; value: ToolCallRecord; indexes: { byRun: string } };
  approvals: { key: [string, string]; value: ApprovalRecord; indexes: { byRun: string } };
  interjections: { key: [string, string]; value: InterjectionRecord; indexes: { byRun: string } };
  memories: { key: string; value: Memory; indexes: { byCreatedAt: number } };
  sitePolicies: { key: [string, string]; value: { site: string; toolName: string; allowedAt: number } };
  latency: { key: number; value: LatencyRecord; indexes: { byAt: number } };
}

export const AGENT_DB_NAME = 'tabwise-agent';

type Migration = (db: IDBPDatabase<AgentDb>) => void;

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
];

export const AGENT_DB_VERSION = migrations.length;

/** Opens (and migrates) the agent database; `name` is injectable so tests get a fresh one each. */
export function openAgentDb(name = AGENT_DB_NAME): Promise<IDBPDatabase<AgentDb>> {
  return openDB<AgentDb>(name, AGENT_DB_VERSION, {
    upgrade(db, oldVersion) {
      for (let v = oldVersion; v < AGENT_DB_VERSION; v++) migrations[v]!(db);
    },
  });
}
