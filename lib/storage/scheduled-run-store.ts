/**
 * The fired-run records of scheduled tasks, in their own IndexedDB database. A record is keyed by the task and
 * the slot it fires for, and written (`claim`, an IndexedDB `add`) before its run starts: a second claim of the
 * same slot fails, whichever worker, alarm or browser start makes it, so a slot runs at most once. Records that
 * do not pass the schema (another version, a hand edit) are skipped on read, never shown or trusted.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { z } from 'zod';

export const SCHEDULED_RUN_DB = 'tabwise-scheduled-runs';

export const scheduledRunStatusSchema = z.enum([
  'starting',
  'running',
  'waiting',
  'done',
  'failed',
  'stopped',
  'skipped',
]);
export type ScheduledRunStatus = z.output<typeof scheduledRunStatusSchema>;

export const scheduledRunSchema = z.object({
  key: z.string().min(1).max(300),
  taskId: z.string().min(1).max(200),
  taskName: z.string().min(1).max(100),
  /** The instant the schedule fired for (not when the run began). */
  slot: z.number().int().nonnegative(),
  status: scheduledRunStatusSchema,
  /** The slot passed while the browser was closed; it ran (or was skipped) at the next start. */
  missed: z.literal(true).optional(),
  claimedAt: z.number().nonnegative(),
  startedAt: z.number().nonnegative().optional(),
  finishedAt: z.number().nonnegative().optional(),
  conversationId: z.string().min(1).max(200).optional(),
  runId: z.string().min(1).max(200).optional(),
  tabId: z.number().int().nonnegative().optional(),
  /** Why it failed, in the user's language, when it failed before its conversation could say so. */
  note: z.string().max(2000).optional(),
});
export type ScheduledRun = z.output<typeof scheduledRunSchema>;

export const scheduledRunKey = (taskId: string, slot: number) => `${taskId}@${slot}`;

interface RunDb extends DBSchema {
  runs: { key: string; value: ScheduledRun; indexes: { byConversation: string; bySlot: number } };
}

const migrations: Array<(db: IDBPDatabase<RunDb>) => void> = [
  (db) => {
    const s = db.createObjectStore('runs', { keyPath: 'key' });
    s.createIndex('byConversation', 'conversationId');
    s.createIndex('bySlot', 'slot');
  },
];

export interface ScheduledRunStore {
  /** Writes the record unless its slot was claimed already; resolves whether this call claimed it. */
  claim(run: ScheduledRun): Promise<boolean>;
  get(key: string): Promise<ScheduledRun | undefined>;
  /** Merges `patch` into the stored record (none: nothing happens). */
  update(key: string, patch: Partial<Omit<ScheduledRun, 'key' | 'taskId' | 'slot'>>): Promise<ScheduledRun | undefined>;
  byConversation(conversationId: string): Promise<ScheduledRun | undefined>;
  /** The newest `limit` records, newest slot first. */
  list(limit: number): Promise<ScheduledRun[]>;
  clear(): Promise<void>;
}

export function openScheduledRunStore(name = SCHEDULED_RUN_DB): ScheduledRunStore {
  let opened: Promise<IDBPDatabase<RunDb>> | undefined;
  const db = () =>
    (opened ??= openDB<RunDb>(name, migrations.length, {
      upgrade(d, oldVersion) {
        for (let v = oldVersion; v < migrations.length; v++) migrations[v]!(d);
      },
    }));
  const checked = (value: unknown) => {
    const parsed = scheduledRunSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    async claim(run) {
      try {
        await (await db()).add('runs', scheduledRunSchema.parse(run));
        return true;
      } catch (e) {
        if (e instanceof DOMException && e.name === 'ConstraintError') return false;
        throw e;
      }
    },
    async get(key) {
      return checked(await (await db()).get('runs', key));
    },
    async update(key, patch) {
      const tx = (await db()).transaction('runs', 'readwrite');
      const found = checked(await tx.store.get(key));
      const next = found && scheduledRunSchema.parse({ ...found, ...patch });
      if (next) await tx.store.put(next);
      await tx.done;
      return next;
    },
    async byConversation(conversationId) {
      const found: unknown[] = await (await db()).getAllFromIndex('runs', 'byConversation', conversationId);
      return found.map(checked).find((r) => r !== undefined);
    },
    async list(limit) {
      const out: ScheduledRun[] = [];
      let cursor = await (await db()).transaction('runs').store.index('bySlot').openCursor(null, 'prev');
      while (cursor && out.length < limit) {
        const r = checked(cursor.value);
        if (r) out.push(r);
        cursor = await cursor.continue();
      }
      return out;
    },
    async clear() {
      await (await db()).clear('runs');
    },
  };
}
