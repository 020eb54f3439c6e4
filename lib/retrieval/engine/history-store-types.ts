/**
 * The shapes the history index's Orama components share (orama-components.ts wires them): the documents
 * store's page entries and columns, the index store with its typed-array fields, what save() writes for them,
 * and the per-search scores. A file of its own so that the components' files import it without importing one
 * another.
 */
import type { components } from '@orama/orama';
import type { HistoryDoc } from './history-schema';
import type { SparseIndex, SparseIndexSnapshot } from './sparse-index';
import type { VectorStore, VectorStoreSnapshot } from './vector-store';

/** A page's fields, once for all of its chunks. */
export interface PageEntry {
  pageKey: string;
  url: string;
  title: string;
  domain: string;
  domains: string[];
  visitedAt: number;
  lang?: string;
  kind?: HistoryDoc['kind'];
  /** The distinct heading paths of the page's chunks, which `chunkHeading` points into. */
  headings: string[][];
}

/** What save() writes and load() takes: the live page entries and the columns by internal id. */
export interface HistoryDocsRaw {
  pages: PageEntry[];
  /** By internal id (index 0 unused): index into `pages`, −1 where no live chunk is. */
  chunkPage: Int32Array;
  chunkOrdinal: Uint16Array;
  chunkHeading: Uint16Array;
  count: number;
}

/** The store Orama holds. `docs` answers Orama's direct reads (`docs[internalId]`) with put-together documents. */
export interface HistoryDocsStore {
  sharedInternalDocumentStore: { internalIdToId: string[] };
  pages: Array<PageEntry | undefined>;
  pageIds: Map<string, number>;
  /** Live chunks per page id. */
  refs: number[];
  chunkPage: Int32Array;
  chunkOrdinal: Uint16Array;
  chunkHeading: Uint16Array;
  count: number;
  docs: Record<number, HistoryDoc | undefined>;
}

/** The replaced fields: text and vectors by slot, and which slots hold a live chunk. */
export interface HistoryFields {
  sparse: SparseIndex;
  vectors: VectorStore;
  /** Per slot: 1 when the chunk is live (grows as slots do). */
  live: Uint8Array;
}

/** Orama's default index store (kept for the filter fields). */
export type OramaIndexStore = ReturnType<typeof components.index.create>;

/** The index store: Orama's default store for the filter fields, plus the replaced fields. */
export type HistoryIndexStore = OramaIndexStore & {
  vectorIndexes: Record<string, unknown>;
  history: HistoryFields;
};

/** The part of Orama's save() the replaced fields own; restored by load() without re-tokenising. */
export interface HistoryIndexRaw {
  sparse: SparseIndexSnapshot;
  vectors: VectorStoreSnapshot;
  /** Per slot: 1 when the chunk is live, 0 when it was removed. */
  live: Uint8Array;
  /** Per slot: visit time, and the page's domains (chunks of a page share one array). */
  visitedAt: Float64Array;
  domains: string[][];
}

/** Scores of the last search, per slot, so callers can show why a hit ranked (sparse and dense parts). */
export interface LastScores {
  sparse?: Float32Array;
  dense?: Float32Array;
}

/**
 * What the index and the documents store learn from Orama as it calls them: the documents store (save()
 * reads the filter columns from it), the document being inserted (the text field indexes its title and
 * headings with its text, in its language) and the scores of the search under way.
 */
export interface HistoryComponentsShared {
  docs?: HistoryDocsStore;
  inserting?: HistoryDoc;
  last: LastScores;
}
