/**
 * One search of the hybrid index: the query is checked against the index's model, Orama runs the text side
 * (BM25) and the vector side (cosine) with the domain and time filters, and fuse-hybrid-hits.ts ranks the
 * union of their candidates.
 */
import { search, type Results } from '@orama/orama';
import { normalizeDomain } from '../domain-of';
import { RetrievalError } from '../retrieval-error';
import { fuseHybridHits } from './fuse-hybrid-hits';
import { TEXT_FIELD, VECTOR_FIELD, type HistoryDoc } from './history-schema';
import type { HybridIndexState } from './hybrid-index-state';
import type { Fusion, HybridHit, HybridQuery } from './hybrid-index-types';
import { indexedChunkOf } from './indexed-chunk-of';
import type { Bm25Params } from './sparse-index';

/** The index's defaults, for a query that names none. */
export interface SearchDefaults {
  bm25: Bm25Params;
  fusion: Fusion;
}

export function searchHybridIndex(state: HybridIndexState, q: HybridQuery, defaults: SearchDefaults): HybridHit[] {
  const { modelId, dims, fields } = state;
  const topK = q.topK ?? 10;
  const minScore = q.minScore ?? 0;
  const fusion = q.fusion ?? defaults.fusion;
  const mode = q.mode ?? (q.vector ? 'hybrid' : 'sparse');
  if (mode !== 'sparse' && !q.vector) throw new RetrievalError('invalid_input', `${mode} search needs a query vector`);
  if (q.vector && q.vector.length !== dims) {
    throw new RetrievalError(
      'model_mismatch',
      `query vector has ${q.vector.length} dims, index expects ${dims} (${modelId})`,
    );
  }
  if (state.live === 0) return [];
  fields.resetScores();
  const where = whereOf(q);
  const run = (params: Record<string, unknown>): Results<HistoryDoc> => {
    const result = search(state.db, {
      ...params,
      where: Object.keys(where).length ? where : undefined,
      limit: fields.depth,
    } as never) as Results<HistoryDoc> | Promise<unknown>;
    // Orama answers with a promise only when search hooks are installed; this database has none, and the
    // fusion below must read the scores of this very search.
    if (result instanceof Promise) throw new Error('the history index must search synchronously');
    return result;
  };
  // Orama runs each side with its filters; the text side ranks by BM25, the vector side by cosine.
  const text =
    mode === 'dense'
      ? undefined
      : run({
          mode: 'fulltext',
          term: q.text,
          properties: [TEXT_FIELD],
          relevance: { k: defaults.bm25.k1, b: defaults.bm25.b, d: 0 },
        });
  const vec =
    mode === 'sparse'
      ? undefined
      : run({ mode: 'vector', vector: { value: q.vector, property: VECTOR_FIELD }, similarity: 0 });
  const w = mode === 'sparse' ? 1 : mode === 'dense' ? 0 : fusion.sparseWeight;
  const ranked = fuseHybridHits(text, vec, fields.lastScores(), w, minScore);
  return ranked.slice(0, topK).map((h) => ({
    chunk: indexedChunkOf(h.doc, modelId, dims),
    score: h.score,
    sparseScore: h.sp,
    denseScore: q.vector ? h.de : 0,
  }));
}

/** The query's filters as an Orama where clause: a domain takes in its subdomains (see domainAncestry). */
function whereOf(q: HybridQuery): Record<string, unknown> {
  const where: Record<string, unknown> = {};
  if (q.domain) where.domains = { containsAny: [normalizeDomain(q.domain)] };
  if (q.since !== undefined && q.until !== undefined) where.visitedAt = { between: [q.since, q.until] };
  else if (q.since !== undefined) where.visitedAt = { gte: q.since };
  else if (q.until !== undefined) where.visitedAt = { lte: q.until };
  return where;
}
