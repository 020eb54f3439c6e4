/**
 * Orama components for the history index. Orama owns the documents, their ids, the filters (its own
 * enum and number trees) and the search pipeline, including hybrid fusion; through its documented
 * `components` extension point, the full-text field and the vector field are held in compact typed
 * arrays instead of Orama's default radix tree and per-document vector objects.
 *
 * Why the defaults are replaced (tests/bench/orama-default.ts measures it on every run): at 20k
 * chunks of 150 words Orama's default index takes ~0.6 ms to insert a chunk, searches at p95 ~120 ms,
 * saves ~6.5 KB per chunk and needs ~5 s to deserialise and load() — against this feature's targets of
 * p95 30 ms and a 2 s restore at 100k chunks, and 2 KB a chunk at rest. The replacement field keeps
 * Orama's BM25 parameters (k, b from the search's `relevance`) and Orama's stemmers and stop words, by the
 * page's language (lib/retrieval/words), with textbook term frequencies; the vector field is an int8 flat scan.
 *
 * The parts: history-schema.ts (fields and stored document), history-index-component.ts (the index, with
 * save-history-fields.ts and load-history-fields.ts), history-documents-store.ts, history-vector-field.ts.
 *
 * Slots: a document's Orama internal id minus one. The history index gives every chunk a fresh id
 * (never reusing one), so internal ids, and slots, only grow, as the typed-array fields require.
 */
import type { AnyDocument, AnyIndexStore, IDocumentsStore, IIndex } from '@orama/orama';
import { historyDocumentsStore } from './history-documents-store';
import { historyIndexComponent } from './history-index-component';
import type { HistoryDoc } from './history-schema';
import type { HistoryComponentsShared, HistoryIndexStore, LastScores } from './history-store-types';
import type { SparseIndexSnapshot } from './sparse-index';
import type { VectorStoreSnapshot } from './vector-store';

export interface HistoryComponents {
  index: IIndex<HistoryIndexStore>;
  documentsStore: IDocumentsStore;
  getDocumentIndexId: (doc: AnyDocument) => string;
  /** Scores computed by the most recent search (cleared by `resetScores`). */
  lastScores(): LastScores;
  resetScores(): void;
  /** The text and vector fields of the `keep` slots (ascending), renumbered 0..keep.length − 1. */
  compact(store: AnyIndexStore, keep: ArrayLike<number>): { sparse: SparseIndexSnapshot; vectors: VectorStoreSnapshot };
  /** Per-field candidates taken into fusion (each of the text and vector sides). */
  readonly depth: number;
}

/**
 * Builds the components. `depth` is how many of the best text and vector candidates each side hands
 * to Orama's fusion (hits beyond it on one side still count from the other side).
 */
export function createHistoryComponents(dims: number, options: { depth?: number } = {}): HistoryComponents {
  const depth = options.depth ?? 1000;
  // One object the two components fill in as Orama calls them: which documents store is in use, and the
  // scores of the search under way (read back by the hybrid index for fusion).
  const shared: HistoryComponentsShared = { last: {} };
  return {
    index: historyIndexComponent(dims, depth, shared),
    documentsStore: historyDocumentsStore(shared),
    getDocumentIndexId: (doc) => (doc as HistoryDoc).key,
    lastScores: () => shared.last,
    resetScores: () => {
      shared.last = {};
    },
    compact(store, keep) {
      const { sparse, vectors } = (store as HistoryIndexStore).history;
      return { sparse: sparse.snapshot(keep), vectors: vectors.snapshot(keep) };
    },
    depth,
  };
}
