/**
 * The vector field as Orama's search pipeline sees it: an int8 flat scan over every slot (vector-store.ts)
 * in place of Orama's per-document vector objects.
 */
import type { TokenScore } from '@orama/orama';
import type { HistoryComponentsShared, HistoryIndexStore } from './history-store-types';
import { isLive } from './live-slots';
import { selectTopK } from './select-top-k';

/** Orama numbers documents from 1. */
type InternalDocumentID = number;

/** The field of `store`; each search leaves its cosine per slot in `shared.last.dense` for fusion. */
export function historyVectorField(
  store: HistoryIndexStore,
  dims: number,
  depth: number,
  shared: HistoryComponentsShared,
) {
  return {
    size: dims,
    /** Orama's vector-index contract: [internal id, similarity] of candidates at or above `similarity`. */
    find(vector: ArrayLike<number>, similarity: number, whereFiltersIDs?: Set<InternalDocumentID>): TokenScore[] {
      const q = vector instanceof Float32Array ? vector : Float32Array.from(vector);
      const scores = store.history.vectors.scoreAll(q);
      shared.last.dense = scores;
      const accept = (slot: number) => isLive(store, slot) && (!whereFiltersIDs || whereFiltersIDs.has(slot + 1));
      return selectTopK(scores, depth, undefined, accept)
        .filter((h) => h.score >= similarity && h.score > 0)
        .map((h) => [h.slot + 1, h.score] as TokenScore);
    },
  };
}
