/**
 * Registers the server's embedding model and gives it its HNSW indexes: partial indexes over
 * `embedding::vector(dims)` for that model's rows (pgvector indexes one width; chunks of several models share
 * the column while a model change re-embeds), one per team and one for the platform (migration 013). Search uses
 * the same expression and predicates (vector-sql.ts, search-chunks.ts).
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';

/** The name of the one graph a model had over every chunk, before migration 013 (dropped once the new ones stand). */
export const modelIndexName = (modelId: string) =>
  `chunks_hnsw_${createHash('sha256').update(modelId).digest('hex').slice(0, 16)}`;

/** A model's graph of one team's chunks, or (null) of the platform's: as migration 013's `chunk_index_name`. */
export const chunkIndexName = (modelId: string, teamId: string | null) =>
  `${modelIndexName(modelId)}_${teamId === null ? 'platform' : teamId.replace(/-/g, '')}`;

/**
 * The graph's build-time candidate list, as migration 013 builds every graph. pgvector's default (64) gave
 * recall@10 0.82 at ef_search 40 and 0.95 only at 200 on the bench's 20,000 chunks under row-level security, when
 * one graph held every team's chunks; 128 gave 0.965 at 40 and 0.997 at 100, for a build about 1.5 times longer.
 * An index built before keeps its graph until it is rebuilt (REINDEX).
 */
export const HNSW_EF_CONSTRUCTION = 128;

/**
 * Registers the model and builds its graphs, the platform's and every team's (a team created later gets its own
 * from the teams table's trigger); then drops the model's one graph of before, if it had one. Idempotent; fails
 * when the model was registered before with another width.
 */
export async function ensureModelIndex(db: Queryable, modelId: string, dims: number): Promise<void> {
  if (!Number.isInteger(dims) || dims < 1 || dims > 2000) throw new RangeError(`HNSW indexes 1…2000 dims, got ${dims}`);
  await db.query('INSERT INTO tabwise.models (id, dims) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [modelId, dims]);
  const { rows } = await db.query<{ dims: number }>('SELECT dims FROM tabwise.models WHERE id = $1', [modelId]);
  if (rows[0]!.dims !== dims)
    throw new Error(`model ${modelId} was registered with ${rows[0]!.dims} dims, not ${dims}`);
  await db.query(
    `SELECT tabwise.ensure_chunk_index($1, $2, t.id)
       FROM (SELECT NULL::uuid AS id UNION ALL SELECT id FROM tabwise.teams) t`,
    [modelId, dims],
  );
  await db.query(`DROP INDEX IF EXISTS tabwise.${modelIndexName(modelId)}`);
}

/** Drops every graph of the model (a finished model change; a bench loading rows before building them). */
export async function dropModelIndexes(db: Queryable, modelId: string): Promise<void> {
  await db.query('SELECT tabwise.drop_model_chunk_indexes($1)', [modelId]);
}
