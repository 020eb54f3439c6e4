/** Writes one search's trace as the caller, and reads the recent ones back as aggregates for /health. */
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

/** Inserts the trace and answers the model searches read now (`model_state`), in the same round trip. */
export async function recordSearchTrace(tx: Queryable, t: SearchTraceRow): Promise<string | undefined> {
  const { rows } = await tx.query<{ active_model: string | null }>(
    `INSERT INTO search_traces (user_id, query_hash, model, embed_ms, search_ms, candidates, results, top_score, miss)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING (SELECT active_model FROM model_state) AS active_model`,
    [t.userId, t.queryHash, t.model, t.embedMs, t.searchMs, t.candidates, t.results, t.topScore, t.miss],
  );
  return rows[0]?.active_model ?? undefined;
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
