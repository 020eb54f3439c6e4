/**
 * A change of embedding model, done in the background while search goes on (migration 007's `model_state`).
 * Searches read the active model's vectors (its query embedder is kept loaded) until every indexed document has
 * chunks of the target model; then, in one transaction, the target becomes active and the old vectors and their
 * index are dropped. New documents are embedded with both meanwhile (index-document.ts), so nothing uploaded
 * during the change is missing before or after it. The state is in the database: every instance agrees on what
 * searches read, and a restart mid-change resumes it (the jobs are pg-boss's, in the same database).
 */
import type pg from 'pg';
import type { Embedder } from '../../retrieval/embedder-contract';
import { withCaller, withOwner } from '../db/with-caller';
import type { IngestJob } from './index-document';
import { embedPassages, writeModelChunks } from './index-document';
import type { IngestQueue } from './ingest-queue';
import { dropModelIndexes } from './ensure-model-index';

export interface ModelRef {
  id: string;
  dtype: string;
}

export interface ModelState {
  active: ModelRef;
  target: ModelRef;
}

/** Same lock for every instance: two starting at once must agree on one change. */
const MODEL_LOCK = 726_726_007;

/** A document indexed with chunks that lacks the model's own (the $1 model). */
const LACKS_MODEL = `d.status = 'indexed' AND d.chunk_count > 0
  AND NOT EXISTS (SELECT 1 FROM tabwise.chunks c WHERE c.document_id = d.id AND c.model = $1)`;

interface StateRow {
  active_model: string;
  active_dtype: string;
  target_model: string;
  target_dtype: string;
}

const rowToState = (r: StateRow): ModelState => ({
  active: { id: r.active_model, dtype: r.active_dtype },
  target: { id: r.target_model, dtype: r.target_dtype },
});

/**
 * Records `target` as the model to move to (registered already: ensure-model-index.ts) and answers the state:
 * `changed` when this call started a change (a new model, or a database indexed before migration 7 by another).
 */
export async function prepareModelState(pool: pg.Pool, target: ModelRef): Promise<ModelState & { changed: boolean }> {
  return withOwner(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MODEL_LOCK]);
    const { rows } = await tx.query<StateRow>('SELECT * FROM model_state FOR UPDATE');
    const row = rows[0];
    if (!row) {
      const legacy = await tx.query<{ model: string }>(
        `SELECT model FROM documents WHERE status = 'indexed' AND model IS NOT NULL AND model <> $1
          GROUP BY model ORDER BY count(*) DESC LIMIT 1`,
        [target.id],
      );
      const active = legacy.rows[0] ? { id: legacy.rows[0].model, dtype: target.dtype } : target;
      await tx.query(
        `INSERT INTO model_state (active_model, active_dtype, target_model, target_dtype, finished_at)
         VALUES ($1, $2, $3, $4, CASE WHEN $1 = $3 THEN now() END)`,
        [active.id, active.dtype, target.id, target.dtype],
      );
      return { active, target, changed: active.id !== target.id };
    }
    const state = rowToState(row);
    if (state.target.id === target.id) return { ...state, changed: false };
    // A new target. Searches go on reading the active model; going back to it ends the change at once.
    await tx.query(
      `UPDATE model_state SET target_model = $1, target_dtype = $2, started_at = now(),
              finished_at = CASE WHEN active_model = $1 THEN now() END`,
      [target.id, target.dtype],
    );
    return { active: state.active, target, changed: state.active.id !== target.id };
  });
}

/** The model searches read now (every instance reads the same row). */
export async function readModelState(pool: pg.Pool): Promise<ModelState> {
  const { rows } = await pool.query<StateRow>('SELECT * FROM tabwise.model_state');
  return rowToState(rows[0]!);
}

/** Queues a re-embedding job for every indexed document that lacks the target's chunks. */
export async function queueReembedding(pool: pg.Pool, queue: IngestQueue, targetId: string): Promise<number> {
  const { rows } = await pool.query<{ id: string; owner_id: string }>(
    `SELECT d.id, d.owner_id FROM tabwise.documents d WHERE ${LACKS_MODEL} ORDER BY d.created_at`,
    [targetId],
  );
  await queue.enqueueReembed(rows.map((r) => ({ documentId: r.id, ownerId: r.owner_id })));
  return rows.length;
}

/**
 * One re-embedding job, as the document's owner: its passages chunked and embedded with the target model, the
 * target's chunks written beside the active model's (status untouched: the document stays found). Skipped when
 * done already, deleted, or no longer the target. Then the change ends if that was the last one.
 */
export async function reembedDocument(pool: pg.Pool, target: Embedder, job: IngestJob): Promise<'done' | 'skipped'> {
  const caller = { userId: job.ownerId };
  const doc = await withCaller(pool, caller, async (tx) => {
    const { rows } = await tx.query<{ passages: string[] }>(
      `SELECT d.passages FROM documents d WHERE d.id = $2 AND ${LACKS_MODEL}
          AND (SELECT target_model FROM model_state) = $1`,
      [target.modelId, job.documentId],
    );
    return rows[0];
  });
  let outcome: 'done' | 'skipped' = 'skipped';
  if (doc) {
    const embedded = await embedPassages(doc.passages, target);
    outcome = await withCaller(pool, caller, async (tx) => {
      const still = await tx.query('SELECT 1 FROM documents WHERE id = $1 FOR UPDATE', [job.documentId]);
      if (still.rowCount === 0) return 'skipped' as const;
      await writeModelChunks(tx, job.documentId, embedded);
      return 'done' as const;
    });
  }
  await finishModelChangeIfDone(pool);
  return outcome;
}

/** A re-embedding that failed for good leaves its document failed, with the reason, so the change can end. */
export async function recordReembedFailure(pool: pg.Pool, job: IngestJob, error: unknown, final: boolean) {
  if (!final) return;
  const message = error instanceof Error ? error.message : String(error);
  await withCaller(pool, { userId: job.ownerId }, (tx) =>
    tx.query(`UPDATE documents SET status = 'failed', error = $2 WHERE id = $1`, [
      job.documentId,
      `re-embedding failed: ${message}`.slice(0, 1000),
    ]),
  );
  await finishModelChangeIfDone(pool);
}

/** Switches searches to the target when no indexed document lacks its chunks; true when it switched now. */
export async function finishModelChangeIfDone(pool: pg.Pool): Promise<boolean> {
  return withOwner(pool, async (tx) => {
    const { rows } = await tx.query<StateRow>('SELECT * FROM model_state FOR UPDATE');
    const state = rowToState(rows[0]!);
    if (state.active.id === state.target.id) return false;
    const left = await tx.query(`SELECT 1 FROM documents d WHERE ${LACKS_MODEL} LIMIT 1`, [state.target.id]);
    if (left.rowCount) return false;
    await tx.query(
      `UPDATE model_state SET active_model = target_model, active_dtype = target_dtype, finished_at = now()`,
    );
    await tx.query(`UPDATE documents SET model = $1 WHERE status = 'indexed' AND model IS DISTINCT FROM $1`, [
      state.target.id,
    ]);
    await tx.query('DELETE FROM chunks WHERE model <> $1', [state.target.id]);
    await dropModelIndexes(tx, state.active.id);
    return true;
  });
}

/** What /health shows of it: the models, and the documents that have the target's vectors out of all. */
export async function readModelProgress(pool: pg.Pool) {
  const state = await readModelState(pool);
  const { rows } = await pool.query<{ total: number; lacking: number; started_at: Date; finished_at: Date | null }>(
    `SELECT (SELECT count(*)::int FROM tabwise.documents d WHERE d.status = 'indexed' AND d.chunk_count > 0) AS total,
            (SELECT count(*)::int FROM tabwise.documents d WHERE ${LACKS_MODEL}) AS lacking,
            s.started_at, s.finished_at
       FROM tabwise.model_state s`,
    [state.target.id],
  );
  const r = rows[0]!;
  return {
    active: state.active.id,
    target: state.target.id,
    reembedded: r.total - r.lacking,
    total: r.total,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}
