/**
 * One ingestion job: a document's passages chunked, embedded and written as its owner, so the worker goes
 * through the same row-level security as a request. Re-running it replaces the document's chunks of each model
 * (a retried job never indexes anything twice). While a model change runs, a new document is embedded with both
 * the model searches read now and the one being moved to, so it can be found before and after the switch.
 */
import type pg from 'pg';
import type { Embedder } from '../../retrieval/embedder-contract';
import type { Queryable } from '../db/database';
import { withCaller } from '../db/with-caller';
import { vectorLiteral } from '../search/vector-sql';
import { chunkPassages, type PlacedChunk } from './chunk-passages';

/** What a job carries: ids only; the text stays in the database. */
export interface IngestJob {
  documentId: string;
  ownerId: string;
}

/** 'gone' when the document was deleted before (or while) it was indexed. */
export type IndexOutcome = { indexed: number } | 'gone';

/** A document's chunks for one model, embedded. */
export interface EmbeddedChunks {
  modelId: string;
  chunks: PlacedChunk[];
  vectors: Float32Array[];
}

/** Chunks (with the model's own tokenizer) and embeds the passages for one model. */
export async function embedPassages(passages: readonly string[], embedder: Embedder): Promise<EmbeddedChunks> {
  const chunks = await chunkPassages(passages, embedder);
  const vectors = chunks.length ? await embedder.embed(chunks.map((c) => c.embedText)) : [];
  return { modelId: embedder.modelId, chunks, vectors };
}

/** Replaces the document's chunks of that model (inside the caller's transaction, under the chunks policy). */
export async function writeModelChunks(tx: Queryable, documentId: string, e: EmbeddedChunks): Promise<void> {
  await tx.query('DELETE FROM chunks WHERE document_id = $1 AND model = $2', [documentId, e.modelId]);
  if (e.chunks.length === 0) return;
  await tx.query(
    `INSERT INTO chunks (document_id, position, passage, heading_path, text, token_count, model, embedding)
     SELECT $1, c.position, c.passage, ARRAY(SELECT jsonb_array_elements_text(c.headings::jsonb)), c.text,
            c.tokens, $2, c.embedding::vector
       FROM unnest($3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::text[])
            AS c(position, passage, headings, text, tokens, embedding)`,
    [
      documentId,
      e.modelId,
      e.chunks.map((c) => c.position),
      e.chunks.map((c) => c.passage),
      e.chunks.map((c) => JSON.stringify(c.headingPath)),
      e.chunks.map((c) => c.text),
      e.chunks.map((c) => c.tokenCount),
      e.vectors.map((v) => vectorLiteral(v)),
    ],
  );
}

/**
 * Indexes with `embedders[0]` (the configured model, stamped on the document) and any others given (the model
 * searches still read while a change runs).
 */
export async function indexDocument(
  pool: pg.Pool,
  embedders: readonly Embedder[],
  job: IngestJob,
): Promise<IndexOutcome> {
  const caller = { userId: job.ownerId };
  const doc = await withCaller(pool, caller, async (tx) => {
    const { rows } = await tx.query<{ passages: string[] }>(
      `UPDATE documents SET status = 'indexing', attempts = attempts + 1 WHERE id = $1 RETURNING passages`,
      [job.documentId],
    );
    return rows[0];
  });
  if (!doc) return 'gone';
  const embedded: EmbeddedChunks[] = [];
  for (const embedder of embedders) embedded.push(await embedPassages(doc.passages, embedder));
  return withCaller(pool, caller, async (tx) => {
    const still = await tx.query('SELECT 1 FROM documents WHERE id = $1 FOR UPDATE', [job.documentId]);
    if (still.rowCount === 0) return 'gone' as const;
    for (const e of embedded) await writeModelChunks(tx, job.documentId, e);
    const main = embedded[0]!;
    await tx.query(
      `UPDATE documents SET status = 'indexed', error = NULL, chunk_count = $2, model = $3, indexed_at = now()
        WHERE id = $1`,
      [job.documentId, main.chunks.length, main.modelId],
    );
    return { indexed: main.chunks.length };
  });
}

/** Records a failed attempt: 'failed' when no retry is left, else back to 'queued' with the reason. */
export async function recordIndexFailure(pool: pg.Pool, job: IngestJob, error: unknown, final: boolean): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await withCaller(pool, { userId: job.ownerId }, (tx) =>
    tx.query(`UPDATE documents SET status = $2, error = $3 WHERE id = $1`, [
      job.documentId,
      final ? 'failed' : 'queued',
      message.slice(0, 1000),
    ]),
  );
}
