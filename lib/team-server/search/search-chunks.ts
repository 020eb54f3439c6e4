/**
 * Hybrid search over the team's chunks in SQL, as the caller: the model's HNSW graphs of the caller's teams and of
 * the platform (migration 013; iterative scans, so filtered queries still fill their pool) and Postgres full-text
 * ranking each give a pool of candidates, both scores are computed for every candidate, and the statement ranks
 * them as fuse-scores.ts says. No filter here is what keeps other teams out, nor is the choice of graphs:
 * row-level security is, under every one of these queries.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { executeAsCaller, type Caller, type SqlValue, type TransactionSettings } from '../db/with-caller';
import { makeSnippet, type Snippet } from '../../retrieval/engine/make-snippet';
import { DEFAULT_FUSION } from '../../retrieval/engine/hybrid-index-types';
import { cosineQueryLiteral, modelPredicate, vectorExpression } from './vector-sql';
import { sameTeams, searchedTeams } from './searched-teams';

export interface ChunkSearch {
  query: string;
  vector: Float32Array;
  model: { id: string; dims: number };
  teamId?: string;
  scopes?: Array<'user' | 'team' | 'platform'>;
  documentIds?: string[];
  authorIds?: string[];
  /** ISO times bounding the documents' creation. */
  from?: string;
  to?: string;
  limit: number;
  minScore: number;
}

export interface ChunkHit {
  chunkId: string;
  documentId: string;
  title: string;
  sourceUrl: string | null;
  scope: 'user' | 'team' | 'platform';
  teamId: string | null;
  authorId: string;
  score: number;
  snippet: Snippet;
  /** Where the passage is, for a citation: its document, its order there, its passage, its headings. */
  citation: { documentId: string; position: number; passage: number; headingPath: string[] };
}

/** One of the best (or, when none passed, the pool's row alone, its hit columns null). */
interface BestRow {
  candidates: number;
  active_model: string | null;
  /** The caller's teams, as the policies saw them in this statement. */
  member_teams: string[];
  id: string | null;
  score: number;
  document_id: string;
  position: number;
  passage: number;
  heading_path: string[];
  text: string;
  scope: ChunkHit['scope'];
  team_id: string | null;
  owner_id: string;
  title: string;
  source_url: string | null;
  lang: string | null;
}

/**
 * The filters the search was given, on chunk columns, numbered from $5 on: only those given are in the statement,
 * so its text (and its prepared plan) is one per combination, and a generic plan holds no `$n IS NULL OR ...`.
 */
function filterClause(s: ChunkSearch): { sql: string; values: SqlValue[] } {
  const parts: string[] = [];
  const values: SqlValue[] = [];
  const add = (value: SqlValue | undefined, sql: (n: string) => string) => {
    if (value === undefined) return;
    values.push(value);
    parts.push(sql(`$${values.length + 4}`));
  };
  add(s.teamId, (n) => `c.team_id = ${n}::uuid`);
  add(s.scopes, (n) => `c.scope = ANY (${n}::text[])`);
  add(s.documentIds, (n) => `c.document_id = ANY (${n}::uuid[])`);
  add(s.authorIds, (n) => `c.owner_id = ANY (${n}::uuid[])`);
  add(s.from, (n) => `c.document_created_at >= ${n}::timestamptz`);
  add(s.to, (n) => `c.document_created_at < ${n}::timestamptz`);
  return { sql: parts.map((p) => ` AND ${p}`).join(''), values };
}

/** The hits, how many candidates both sides gave before fusion and the floor, and the active model. */
export interface ChunkSearchResult {
  hits: ChunkHit[];
  candidates: number;
  /** The model searches read now (`model_state`), as the search's own snapshot saw it. */
  activeModel: string | undefined;
}

/**
 * The HNSW candidate list each graph's scan walks with (the bench measures recall at it). One graph held every
 * team's chunks until migration 013, and under row-level security, which hid two thirds of what a scan found,
 * it took 300 for recall@10 0.95-0.995 on 100,000 chunks. A team's graph holds its own chunks alone: on the
 * bench's (100,000 chunks, 3 teams) 40 gave recall@10 0.97-0.99 and 80 gave 1.00 on three builds; 40 also needed
 * a second pass of the iterative scan to fill the pool of 40 and took longer, and 64 was no faster than 80.
 */
export const searchEfSearch = (limit: number) => Math.min(1000, Math.max(80, limit * 8));

/** How many candidates each side (HNSW, full text) hands to fusion for a search of `limit` results. */
export const searchPool = (limit: number) => Math.max(40, limit * 4);

/**
 * The HNSW settings a search of `limit` results runs with: iterative scans keep reading the graph until enough rows
 * pass the filters and the policies. Set for the search's transaction (`withCaller`'s settings), never beyond it.
 */
export const searchSettings = (limit: number): TransactionSettings => ({
  'hnsw.iterative_scan': 'relaxed_order',
  'hnsw.ef_search': String(searchEfSearch(limit)),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The graphs a search reads (migration 013): each of the caller's teams' and the platform's, or only the team or
 * the scopes it was filtered to. A team id is spelled in the statement (a partial index is chosen only for a
 * predicate the planner can prove), so each is checked to be a uuid; which rows pass is still the policies' say.
 */
export function searchedGraphs(teamIds: readonly string[], s: Pick<ChunkSearch, 'teamId' | 'scopes'>) {
  const named = s.teamId !== undefined ? [s.teamId] : s.scopes?.every((x) => x === 'platform') ? [] : teamIds;
  const teams = named.map((t) => t.toLowerCase());
  for (const t of teams) if (!UUID.test(t)) throw new RangeError(`not a team id: ${t}`);
  const platform = s.teamId === undefined && (s.scopes === undefined || s.scopes.includes('platform'));
  return { teams: [...new Set(teams)].sort(), platform };
}

/**
 * One part per searched team and (if searched) the platform, each with its partial indexes' predicate (`team_id =
 * '<team>'::uuid` or `team_id IS NULL`, as migrations 013 and 015 spell them), joined by UNION ALL; `empty` when
 * there are none.
 */
function perGraph(graphs: ReturnType<typeof searchedGraphs>, part: (graph: string) => string, empty: string) {
  const parts = [...graphs.teams.map((t) => part(`= '${t}'::uuid`)), ...(graphs.platform ? [part('IS NULL')] : [])];
  return parts.length ? parts.join('\n       UNION ALL ') : empty;
}

/**
 * The dense side's rows (id, tsv, cosine distance d) before they are merged: one scan per graph, each its `pool`
 * nearest to `query` (by default `$1`, a vector). `filtersSql` is `filterClause`'s. The bench's recall reads the
 * same scans.
 */
export function nearestChunksSql(
  graphs: ReturnType<typeof searchedGraphs>,
  model: ChunkSearch['model'],
  pool: number,
  filtersSql = '',
  query = `$1::vector(${model.dims})`,
): string {
  const vec = vectorExpression(model.dims, 'c.embedding');
  return perGraph(
    graphs,
    (graph) => `(SELECT c.id, c.tsv, ${vec} <=> ${query} AS d FROM chunks c
       WHERE ${modelPredicate(model.id, 'c.model')} AND c.team_id ${graph}${filtersSql} ORDER BY d LIMIT ${pool})`,
    'SELECT NULL::uuid AS id, NULL::tsvector AS tsv, NULL::float8 AS d WHERE false',
  );
}

/**
 * The full-text side's rows (id, rank) before they are merged: each graph's `pool` best ranked matches of the
 * query in `tsq`, read from that team's (or the platform's) GIN index.
 */
function matchingChunksSql(
  graphs: ReturnType<typeof searchedGraphs>,
  model: ChunkSearch['model'],
  pool: number,
  filtersSql: string,
): string {
  return perGraph(
    graphs,
    (graph) => `(SELECT c.id, ts_rank_cd(c.tsv, (SELECT q FROM tsq))::float8 AS rank FROM chunks c
       WHERE ${modelPredicate(model.id, 'c.model')} AND c.team_id ${graph} AND c.tsv @@ (SELECT q FROM tsq)${filtersSql}
       ORDER BY rank DESC LIMIT ${pool})`,
    'SELECT NULL::uuid AS id, NULL::float8 AS rank WHERE false',
  );
}

/** As `caller`, in one round trip (`executeAsCaller`), with `searchSettings(s.limit)`. */
export async function searchChunks(db: pg.Pool, caller: Caller, s: ChunkSearch): Promise<ChunkSearchResult> {
  let teams = await searchedTeams(db, caller.userId);
  for (let attempt = 0; ; attempt++) {
    const statement = searchStatement(teams.searched, s);
    // Prepared once per connection (named by its text): planning this statement under the policies took as long
    // as a third of running it. Postgres plans it afresh for its first five runs, then keeps a generic plan when
    // that costs no more, which it does: the graphs, the filters, the pool and the limit are in the text, and
    // only values are parameters.
    const rows = await executeAsCaller<BestRow>(db, caller, statement, statement.args, searchSettings(s.limit));
    // The caller's teams changed since they were remembered: the graphs read again, and the search run again.
    if (attempt > 0 || sameTeams(rows[0]!.member_teams, teams.members)) return readBest(rows, s);
    teams = await searchedTeams(db, caller.userId, true);
  }
}

/**
 * The search's statement over the graphs of `teamIds` (the caller's searched teams) and the platform's, as
 * `searchedGraphs` narrows them: its name (from its text), its text, and its arguments.
 */
export function searchStatement(teamIds: readonly string[], s: ChunkSearch) {
  const vec = vectorExpression(s.model.dims, 'c.embedding');
  // The query's vector is read once, from integers (vector-sql.ts's cosineQueryLiteral).
  const q = '(SELECT v FROM qv)';
  const pool = searchPool(s.limit);
  if (!Number.isInteger(s.limit) || s.limit < 1) throw new RangeError(`bad limit ${s.limit}`);
  const filters = filterClause(s);
  const graphs = searchedGraphs(teamIds, s);
  const nearest = nearestChunksSql(graphs, s.model, pool, filters.sql, q);
  // Each side is materialised first: PGlite runs no ANALYZE, and on its guesses Postgres otherwise started from
  // every visible document and joined all their chunks to the 80 candidates. Both scores of every candidate are
  // computed (the dense side's rows were read by its scan; the full-text side's others are fetched by primary
  // key, the LIMIT 1 laterals not being flattened into joins) and fused in the statement, as fuse-scores.ts
  // fuses them (the same formula, in the same double precision, ties by id); only the best `limit` come back with
  // their text and document. Sending every candidate's text to be fused here cost more than the fusion. The one
  // row of `pool` always comes back, with the candidates' number and the active model, when nothing passed too.
  const text = `WITH qv AS MATERIALIZED (SELECT ($1::int4[])::vector(${s.model.dims}) AS v),
     tsq AS MATERIALIZED (SELECT websearch_to_tsquery('simple', $2) AS q),
     dense AS MATERIALIZED (
       SELECT x.id, (1 - x.d)::float8 AS cosine, ts_rank_cd(x.tsv, (SELECT q FROM tsq))::float8 AS rank
         FROM (${nearest}) x
        ORDER BY x.d LIMIT ${pool}),
     sparse AS MATERIALIZED (
       SELECT x.id, x.rank FROM (${matchingChunksSql(graphs, s.model, pool, filters.sql)}) x
        ORDER BY x.rank DESC LIMIT ${pool}),
     candidates AS MATERIALIZED (
       SELECT id, cosine, rank FROM dense
       UNION ALL
       SELECT k.id, (1 - (${vec} <=> ${q}))::float8, k.rank
         FROM sparse k CROSS JOIN LATERAL (SELECT c.embedding FROM chunks c WHERE c.id = k.id LIMIT 1) c
        WHERE k.id NOT IN (SELECT id FROM dense)),
     pool AS MATERIALIZED (
       SELECT count(*)::int AS candidates, coalesce(max(rank), 0) AS max_rank,
              (SELECT active_model FROM model_state) AS active_model,
              (SELECT tabwise.caller_team_ids()) AS member_teams FROM candidates),
     best AS MATERIALIZED (
       SELECT f.id, f.score FROM (
         SELECT k.id, CASE WHEN p.max_rank > 0 THEN ($3::float8 * k.rank) / p.max_rank ELSE 0 END
                      + (1 - $3::float8) * greatest(0, k.cosine) AS score
           FROM candidates k, pool p) f
        WHERE f.score > 0 AND f.score >= $4::float8
        ORDER BY f.score DESC, f.id LIMIT ${s.limit})
     SELECT p.candidates, p.active_model, p.member_teams, b.id::text, b.score, c.document_id, c.position, c.passage,
            c.heading_path, c.text, c.scope, c.team_id, c.owner_id, d.title, d.source_url, d.lang
       FROM pool p
       LEFT JOIN best b ON true
       LEFT JOIN LATERAL (SELECT * FROM chunks c WHERE c.id = b.id LIMIT 1) c ON true
       LEFT JOIN LATERAL (SELECT title, source_url, lang FROM documents d WHERE d.id = c.document_id LIMIT 1) d ON true
      ORDER BY b.score DESC, b.id`;
  return {
    name: `tabwise_search_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`,
    text,
    args: [cosineQueryLiteral(s.vector), s.query, DEFAULT_FUSION.sparseWeight, s.minScore, ...filters.values],
  };
}

function readBest(rows: BestRow[], s: ChunkSearch): ChunkSearchResult {
  const first = rows[0]!;
  const hits = rows
    .filter((r): r is BestRow & { id: string } => r.id !== null)
    .map((r) => ({
      chunkId: r.id,
      documentId: r.document_id,
      title: r.title,
      sourceUrl: r.source_url,
      scope: r.scope,
      teamId: r.team_id,
      authorId: r.owner_id,
      score: r.score,
      snippet: makeSnippet(r.text, s.query, r.lang ?? undefined),
      citation: { documentId: r.document_id, position: r.position, passage: r.passage, headingPath: r.heading_path },
    }));
  return { hits, candidates: first.candidates, activeModel: first.active_model ?? undefined };
}
