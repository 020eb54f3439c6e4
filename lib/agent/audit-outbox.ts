/**
 * The audit outbox: activity lines waiting for the team server, in their wire shape only (audit-line.ts), each
 * with the team it goes to. An entry is written in the same transaction as its local line (so a line is queued
 * exactly when it is logged, whatever kills the worker), and removed only when the server acknowledged its id.
 * The uploader's state (attempts, when it tries next, why the last try failed) is kept beside it, so a worker
 * that wakes knows when to try again.
 */
import { z } from 'zod';
import { auditLineSchema } from './audit-line';

export const outboxEntrySchema = z.object({
  id: z.string().min(1).max(500),
  teamId: z.string().min(1).max(200),
  queuedAt: z.number().finite().nonnegative(),
  line: auditLineSchema,
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const uploadStateSchema = z.object({
  /** Failed tries in a row (0 after a batch was taken). */
  attempts: z.number().int().nonnegative(),
  /** Not before this time (backoff, or the wait the server asked for). */
  nextAttemptAt: z.number().finite().optional(),
  /** Why the last try failed, in the user's words. */
  lastError: z.string().max(500).optional(),
  lastSentAt: z.number().finite().optional(),
});
export type UploadState = z.infer<typeof uploadStateSchema>;

/** Settings → Activity's line about the team server: what waits to be sent, when it is tried next, to which team. */
export interface AuditUploadView {
  waiting: number;
  nextAttemptAt?: number;
  lastError?: string;
  /** The team lines go to (the first the connection lists), and how many other teams the user is in. */
  team?: { name: string; others: number };
}

export interface AuditOutbox {
  /** Up to `limit` entries, oldest first (a damaged entry is dropped, never sent). */
  take(limit: number): Promise<OutboxEntry[]>;
  count(): Promise<number>;
  remove(ids: string[]): Promise<void>;
  state(): Promise<UploadState>;
  setState(state: UploadState): Promise<void>;
  clear(): Promise<void>;
}

/** Reads stored values through the schema: the readable entries, oldest first, and the ids of damaged ones. */
export function readOutbox(values: unknown[]): { entries: OutboxEntry[]; damaged: string[] } {
  const entries: OutboxEntry[] = [];
  const damaged: string[] = [];
  for (const v of values) {
    const parsed = outboxEntrySchema.safeParse(v);
    if (parsed.success) entries.push(parsed.data);
    else if (typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string') damaged.push(v.id);
  }
  entries.sort((a, b) => a.queuedAt - b.queuedAt || a.line.at - b.line.at || (a.id < b.id ? -1 : 1));
  return { entries, damaged };
}

export const readUploadState = (v: unknown): UploadState => {
  const parsed = uploadStateSchema.safeParse(v);
  return parsed.success ? parsed.data : { attempts: 0 };
};

/** An outbox in memory (unit tests). */
export function createMemoryOutbox(values = new Map<string, unknown>()): AuditOutbox & {
  values: Map<string, unknown>;
} {
  let state: unknown;
  return {
    values,
    async take(limit) {
      const { entries, damaged } = readOutbox([...values.values()]);
      for (const id of damaged) values.delete(id);
      return entries.slice(0, limit);
    },
    count: async () => values.size,
    async remove(ids) {
      for (const id of ids) values.delete(id);
    },
    state: async () => readUploadState(state),
    setState: async (s) => void (state = structuredClone(s)),
    clear: async () => values.clear(),
  };
}
