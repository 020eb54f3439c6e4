/**
 * The Activity log's store: lines kept by id (written once), read back through their schema (a corrupt line
 * is skipped and counted, never a crash), searched newest first, pruned by age, stripped of page text when
 * their conversation is deleted. (The team server's outbox is audit-outbox.ts, written with a line by `add`; the
 * older `sent` marker and `unsent`/`markSent` are not what the uploader reads.) The logic sits over a
 * small record backend: IndexedDB in the extension (idb-activity-store.ts), memory in tests.
 */
import { activityLineSchema, withoutPageText, type ActivityLine } from './activity-line';
import { outboxEntrySchema, type OutboxEntry } from './audit-outbox';

/** Kept this long unless Settings → Activity says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the store needs of where lines live: whole records by id, and one small settings value. */
export interface ActivityBackend {
  /** Every stored value, as stored (not trusted: checked on read). */
  getAll(): Promise<unknown[]>;
  /**
   * Adds `line` unless a line with its id exists, and with it (in the same transaction) `outbox`, the line's entry
   * for the team server's audit outbox; resolves whether it was added.
   */
  addIfAbsent(line: ActivityLine, outbox?: OutboxEntry): Promise<boolean>;
  putAll(lines: ActivityLine[]): Promise<void>;
  deleteKeys(ids: string[]): Promise<void>;
  clear(): Promise<void>;
  getRetentionDays(): Promise<number | undefined>;
  setRetentionDays(days: number): Promise<void>;
}

export interface ActivityQuery {
  /** Words that must all appear in the line (site, tool, conversation, what was written, the target...). */
  text?: string;
  /** Most lines returned (newest first); the rest are counted in `matched`. */
  limit?: number;
}

export interface ActivityPage {
  lines: ActivityLine[];
  /** Lines that match the query (more than `lines` when the limit cut them). */
  matched: number;
  /** Every readable line. */
  total: number;
  /** Stored values that failed the schema, skipped. */
  corrupt: number;
}

export interface ActivityStore {
  /**
   * Writes a line once: a second add of the same id changes nothing (resolves false). `outbox`, when given, is
   * queued for the team server with it, atomically: both are written or neither.
   */
  add(line: ActivityLine, outbox?: OutboxEntry): Promise<boolean>;
  list(query?: ActivityQuery): Promise<ActivityPage>;
  /** Deletes lines older than the retention allows, as of `now`; resolves how many went. */
  prune(now: number): Promise<number>;
  /** Keeps the conversation's lines but drops their page text; resolves how many lines changed. */
  forgetConversation(conversationId: string): Promise<number>;
  clear(): Promise<void>;
  retentionDays(): Promise<number>;
  setRetentionDays(days: number): Promise<number>;
  /** The outbox: lines no server has taken yet, oldest first. */
  unsent(limit: number): Promise<ActivityLine[]>;
  markSent(ids: string[]): Promise<void>;
}

/** The readable lines of what is stored, and how many values were not. */
export function readLines(values: unknown[]): { lines: ActivityLine[]; corrupt: number } {
  const lines: ActivityLine[] = [];
  let corrupt = 0;
  for (const v of values) {
    const parsed = activityLineSchema.safeParse(v);
    if (parsed.success) lines.push(parsed.data);
    else corrupt++;
  }
  return { lines, corrupt };
}

/** The text a search looks in: everything a person reads on the line. */
const searchText = (l: ActivityLine) =>
  [
    l.site,
    l.toolName,
    l.kind,
    l.conversationTitle ?? '',
    l.target ?? '',
    l.destination ?? '',
    l.reason ?? '',
    l.outcome,
    l.approval,
    ...(l.written ?? []).flatMap((w) => [w.field, w.value]),
  ]
    .join('\n')
    .toLowerCase();

/** Whether every word of `text` is in the line (case-insensitive). */
export function matchesActivity(line: ActivityLine, text: string | undefined): boolean {
  const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = searchText(line);
  return words.every((w) => haystack.includes(w));
}

const newestFirst = (a: ActivityLine, b: ActivityLine) => b.at - a.at || (a.id < b.id ? 1 : -1);

const clampDays = (days: number) =>
  Math.min(RETENTION_DAYS.max, Math.max(RETENTION_DAYS.min, Math.round(Number.isFinite(days) ? days : 0)));

export function createActivityStore(backend: ActivityBackend): ActivityStore {
  const read = async () => readLines(await backend.getAll());
  const retentionDays = async () => clampDays((await backend.getRetentionDays()) ?? DEFAULT_RETENTION_DAYS);
  return {
    add: async (line, outbox) =>
      backend.addIfAbsent(activityLineSchema.parse(line), outbox && outboxEntrySchema.parse(outbox)),
    async list(query = {}) {
      const { lines, corrupt } = await read();
      const matching = lines.filter((l) => matchesActivity(l, query.text)).sort(newestFirst);
      const limit = query.limit ?? matching.length;
      return { lines: matching.slice(0, limit), matched: matching.length, total: lines.length, corrupt };
    },
    async prune(now) {
      const before = now - (await retentionDays()) * DAY_MS;
      const old = (await read()).lines.filter((l) => l.at < before).map((l) => l.id);
      if (old.length) await backend.deleteKeys(old);
      return old.length;
    },
    async forgetConversation(conversationId) {
      const mine = (await read()).lines.filter((l) => l.conversationId === conversationId && !l.pageTextDropped);
      if (mine.length) await backend.putAll(mine.map(withoutPageText));
      return mine.length;
    },
    clear: () => backend.clear(),
    retentionDays,
    async setRetentionDays(days) {
      const kept = clampDays(days);
      await backend.setRetentionDays(kept);
      return kept;
    },
    async unsent(limit) {
      return (await read()).lines
        .filter((l) => l.sent === 0)
        .sort((a, b) => a.at - b.at)
        .slice(0, limit);
    },
    async markSent(ids) {
      const wanted = new Set(ids);
      const lines = (await read()).lines.filter((l) => wanted.has(l.id) && l.sent === 0);
      if (lines.length) await backend.putAll(lines.map((l) => ({ ...l, sent: 1 as const })));
    },
  };
}

/** Lines in memory (tests; a browser without IndexedDB). Values are cloned, as IndexedDB would. */
export function createMemoryActivityBackend(
  seed: unknown[] = [],
  outbox = new Map<string, unknown>(),
): ActivityBackend & { values: Map<string, unknown>; outbox: Map<string, unknown> } {
  const values = new Map<string, unknown>(seed.map((v, i) => [idOf(v) ?? `corrupt-${i}`, structuredClone(v)]));
  let days: number | undefined;
  return {
    values,
    outbox,
    getAll: async () => [...values.values()].map((v) => structuredClone(v)),
    async addIfAbsent(line, entry) {
      if (values.has(line.id)) return false;
      values.set(line.id, structuredClone(line));
      if (entry) outbox.set(entry.id, structuredClone(entry));
      return true;
    },
    async putAll(lines) {
      for (const l of lines) values.set(l.id, structuredClone(l));
    },
    async deleteKeys(ids) {
      for (const id of ids) values.delete(id);
    },
    clear: async () => values.clear(),
    getRetentionDays: async () => days,
    setRetentionDays: async (d) => void (days = d),
  };
}

const idOf = (v: unknown) =>
  typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string' ? v.id : undefined;
