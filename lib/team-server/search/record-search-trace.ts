/**
 * Search traces: written in batches off the search's path, and read back as aggregates for /health.
 *
 * A trace used to be inserted in the search's own transaction, one more round trip on the connection every
 * request waits behind (on the embedded Postgres, one connection serves every search in turn). Now each search
 * hands its trace to the instance's writer, which inserts what it holds in one statement a moment later (or at
 * once when it holds a batch, when /health reads, and when the instance closes). The writer runs as the login
 * role, so row-level security does not check the row's user: the user is the caller the request resolved, never a
 * value from the request. A trace holds the query's hash, never its text.
 */
import type { Queryable } from '../db/database';

export interface SearchTraceRow {
  userId: string;
  queryHash: string;
  model: string;
  embedMs: number;
  searchMs: number;
  candidates: number;
  results: number;
  topScore: number | null;
  miss: boolean;
}

export interface SearchTraceWriter {
  /** Keeps the trace for the next batch. Never throws and never waits. */
  add(trace: SearchTraceRow): void;
  /** Writes every trace held now (the next batch's wait is cut short). A failed write is logged; its traces kept. */
  flush(): Promise<void>;
  /** Writes what is held and stops the timer. */
  close(): Promise<void>;
}

export interface SearchTraceWriterOptions {
  /** Written at once from this many held traces. */
  batch?: number;
  /** Otherwise this long after the first one held. */
  delayMs?: number;
  /** Beyond this many held (the database down for long), the oldest are dropped, and the drop logged. */
  maxHeld?: number;
  log: (line: string) => void;
}

const COLUMNS = `user_id, query_hash, model, embed_ms, search_ms, candidates, results, top_score, miss`;

export function createSearchTraceWriter(db: Queryable, options: SearchTraceWriterOptions): SearchTraceWriter {
  const batch = options.batch ?? 50;
  const delayMs = options.delayMs ?? 1000;
  const maxHeld = options.maxHeld ?? 10_000;
  let held: SearchTraceRow[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** Dropped since the last line said so. */
  let dropped = 0;
  const bound = () => {
    const over = held.length - maxHeld;
    if (over > 0) {
      held = held.slice(over);
      dropped += over;
    }
  };
  const said = () => {
    const n = dropped;
    dropped = 0;
    return n > 0 ? `; ${n} oldest dropped` : '';
  };

  const write = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = held;
    held = [];
    if (!rows.length) return;
    const column = <K extends keyof SearchTraceRow>(k: K) => rows.map((r) => r[k]);
    try {
      await db.query(
        `INSERT INTO tabwise.search_traces (${COLUMNS})
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::real[], $5::real[], $6::int[], $7::int[],
                              $8::real[], $9::boolean[])`,
        [
          column('userId'),
          column('queryHash'),
          column('model'),
          column('embedMs'),
          column('searchMs'),
          column('candidates'),
          column('results'),
          column('topScore'),
          column('miss'),
        ],
      );
      if (dropped) options.log(`team-server: search traces written again${said()}`);
    } catch (error) {
      // A batch Postgres refuses as data (classes 22 and 23) would be refused again: said and let go. Otherwise
      // (the database away) kept for the next write, ahead of newer ones, within maxHeld.
      if (/^2[23]/.test((error as { code?: string }).code ?? '')) {
        options.log(`team-server: ${rows.length} search traces refused (${(error as Error).message})`);
        return;
      }
      held = rows.concat(held);
      bound();
      options.log(`team-server: ${rows.length} search traces not written (${(error as Error).message})${said()}`);
    }
  };
  // One write at a time, in order.
  const flush = () => (writing = writing.then(write));

  return {
    add(trace) {
      held.push(trace);
      bound();
      if (held.length >= batch) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), delayMs);
        timer.unref?.();
      }
    },
    flush,
    async close() {
      await flush();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Searches of the last `minutes`: how many, how many missed, and the median and 95th percentile of their time. */
export interface RecentSearches {
  count: number;
  misses: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** Aggregates only (no user, no hash): run as the login role. */
export async function readRecentSearches(db: Queryable, minutes = 15): Promise<RecentSearches> {
  const { rows } = await db.query<{ count: number; misses: number; p50: number | null; p95: number | null }>(
    `SELECT count(*)::int AS count, count(*) FILTER (WHERE miss)::int AS misses,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY embed_ms + search_ms) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY embed_ms + search_ms) AS p95
       FROM tabwise.search_traces WHERE at > now() - make_interval(mins => $1)`,
    [minutes],
  );
  const r = rows[0]!;
  const ms = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return { count: r.count, misses: r.misses, p50Ms: ms(r.p50), p95Ms: ms(r.p95) };
}
