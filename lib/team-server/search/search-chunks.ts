/**
 * Hybrid search over the team's chunks in SQL, as the caller: the model's HNSW index (iterative scans, so
 * filtered queries still fill their pool) and Postgres full-text ranking each give a pool of candidates, both
 * scores are computed for every candidate, and fuse-scores.ts ranks them. No filter here is what keeps other
 * teams out: row-level security does, under every one of these queries.
 */
import type { Queryable } from '../db/database';
import type { TransactionSettings } from '../db/with-caller';
import { makeSnippet, type Snippet } from '../../retrieval/engine/make-snippet';
import { fuseScores } from './fuse-scores';
import { modelPredicate, vectorExpression, vectorLiteral } from './vector-sql';

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

interface CandidateRow {
  id: string;
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
  cosine: number;
  rank: number;
}

/** The filters both sides share, on chunk columns ($3… of the query). */
const FILTERS = `($3::uuid IS NULL OR c.team_id = $3)
  AND ($4::text[] IS NULL OR c.scope = ANY ($4))
  AND ($5::uuid[] IS NULL OR c.document_id = ANY ($5))
  AND ($6::uuid[] IS NULL OR c.owner_id = ANY ($6))
  AND ($7::timestamptz IS NULL OR c.document_created_at >= $7)
  AND ($8::timestamptz IS NULL OR c.document_created_at < $8)`;

/** The hits, and how many candidates both sides gave before fusion and the floor. */
export interface ChunkSearchResult {
  hits: ChunkHit[];
  candidates: number;
}

/**
 * The HNSW candidate list a search of `limit` results walks with (the bench measures recall at it). With the
 * index's build settings (ensure-model-index.ts), under row-level security that hides two thirds of what the scan
 * finds: 100 gave recall@10 0.997 on 20,000 chunks but 0.89-0.92 on 100,000; 200 gave 0.95-0.995 there (two
 * builds of the same data), 300 gave 0.975-0.995.
 */
export const searchEfSearch = (limit: number) => Math.min(1000, Math.max(300, limit * 30));

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

/** Runs in a transaction of `withCaller` given `searchSettings(s.limit)`. */
export async function searchChunks(tx: Queryable, s: ChunkSearch): Promise<ChunkSearchResult> {
  const vec = vectorExpression(s.model.dims, 'c.embedding');
  const q = `$1::vector(${s.model.dims})`;
  const onModel = modelPredicate(s.model.id, 'c.model');
  const pool = searchPool(s.limit);
  // Each side is materialised first and the rows fetched by primary key afterwards (the LIMIT 1 laterals are not
  // flattened into joins): PGlite runs no ANALYZE, and on its guesses Postgres otherwise started from every
  // visible document and joined all their chunks to the 80 candidates.
  const text = `WITH tsq AS MATERIALIZED (SELECT websearch_to_tsquery('simple', $2) AS q),
     dense AS MATERIALIZED (
       SELECT c.id FROM chunks c WHERE ${onModel} AND ${FILTERS}
        ORDER BY ${vec} <=> ${q} LIMIT $9),
     sparse AS MATERIALIZED (
       SELECT c.id FROM chunks c, tsq WHERE ${onModel} AND c.tsv @@ tsq.q AND ${FILTERS}
        ORDER BY ts_rank_cd(c.tsv, tsq.q) DESC LIMIT $9),
     candidates AS MATERIALIZED (SELECT id FROM dense UNION SELECT id FROM sparse)
     SELECT c.id::text, c.document_id, c.position, c.passage, c.heading_path, c.text, c.scope, c.team_id, c.owner_id,
            d.title, d.source_url, d.lang,
            (1 - (${vec} <=> ${q}))::float8 AS cosine, ts_rank_cd(c.tsv, tsq.q)::float8 AS rank
       FROM candidates k CROSS JOIN tsq
       CROSS JOIN LATERAL (SELECT * FROM chunks c WHERE c.id = k.id LIMIT 1) c
       CROSS JOIN LATERAL (SELECT title, source_url, lang FROM documents d WHERE d.id = c.document_id LIMIT 1) d
      ORDER BY c.id`;
  const { rows } = await tx.query<CandidateRow>(text, [
    vectorLiteral(s.vector),
    s.query,
    s.teamId ?? null,
    s.scopes ?? null,
    s.documentIds ?? null,
    s.authorIds ?? null,
    s.from ?? null,
    s.to ?? null,
    pool,
  ]);
  const hits = fuseScores(rows, s.minScore)
    .slice(0, s.limit)
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
  return { hits, candidates: rows.length };
}
