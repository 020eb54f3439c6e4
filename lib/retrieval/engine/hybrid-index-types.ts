/** The hybrid index's shapes: what goes in (pages, chunks), what a search takes and returns, and its snapshot. */
import type { HistoryQuery } from '../history-query';
import type { PageSummary } from '../page-summary';
import type { SourceKind } from '../source-kind';
import type { Bm25Params, SparseIndexSnapshot } from './sparse-index';
import type { VectorStoreSnapshot } from './vector-store';
import type { ChunkTextStore, ReadPageTexts } from './chunk-text-store';

/** A captured page as the index sees it. Pages are keyed by URL without its fragment. */
export interface PageInput {
  url: string;
  title: string;
  /** Epoch milliseconds of the visit. */
  visitedAt: number;
  /** Defaults to the URL's host without "www.". */
  domain?: string;
  /** The page's language (its `lang`, BCP 47): its words are stemmed as that language's; absent: not stemmed. */
  lang?: string;
  /** What the source is (absent: a web page): a PDF's citations open it at its page. */
  kind?: SourceKind;
}

/** One chunk of a page with its embedding (from the index's model). */
export interface ChunkInput {
  text: string;
  headingPath: string[];
  vector: Float32Array;
}

/** A stored chunk, stamped with the model that embedded it. */
export interface IndexedChunk {
  /** `${pageKey}#${ordinal}` */
  id: string;
  pageKey: string;
  ordinal: number;
  url: string;
  title: string;
  domain: string;
  visitedAt: number;
  /** The page's language (BCP 47), when it declared one. */
  lang?: string;
  /** What the source is (absent: a web page). */
  kind?: SourceKind;
  headingPath: string[];
  text: string;
  modelId: string;
  dims: number;
}

/**
 * How the two rankings are fused: score = w · bm25 / max bm25 + (1 − w) · max(0, cosine), over each
 * side's best candidates. (Orama's own hybrid mode divides cosine by the best cosine too, which lets
 * a weak embedding model's flat similarities outvote BM25: nDCG@10 on SciFact fell to 0.661 at w 0.7.)
 */
export interface Fusion {
  sparseWeight: number;
}

/**
 * Picked by nDCG@10 on BEIR SciFact with the GloVe test model (tests/bench/retrieval.ts sweeps it; the
 * sweep runs on the test queries, as SciFact ships no training query texts).
 */
export const DEFAULT_FUSION: Fusion = { sparseWeight: 0.7 };

/**
 * A search over the index: a history query's filters and options (their defaults here: topK 10, minScore 0,
 * mode 'hybrid' when a vector is given, else 'sparse'), with the query as `text` and its embedding.
 */
export interface HybridQuery extends Omit<HistoryQuery, 'query'> {
  text: string;
  /** The query's embedding; without it the search is sparse only. */
  vector?: Float32Array;
  fusion?: Fusion;
}

/** A chunk as search finds it: everything but its text, which `HybridIndex.readTexts` reads for the hits kept. */
export type FoundChunk = Omit<IndexedChunk, 'text'>;

/** One ranked chunk. */
export interface HybridHit {
  chunk: FoundChunk;
  /** Fused score in 0..1. */
  score: number;
  /** Raw BM25 (0 when no query term occurs). */
  sparseScore: number;
  /** Cosine similarity (0 when no query vector). */
  denseScore: number;
}

/** Joins a chunk's heading path in a snapshot (a control character no heading contains). */
export const HEADING_SEP = '\u001f';

/** Everything needed to rebuild the index, in compact typed arrays (text stored once). */
export interface HybridIndexSnapshot {
  version: 1;
  modelId: string;
  dims: number;
  /** `chars`: characters of the page's chunk texts (absent in snapshots made before the texts were stored by page). */
  pages: Array<{
    url: string;
    title: string;
    domain: string;
    visitedAt: number;
    lang?: string;
    kind?: SourceKind;
    chars?: number;
  }>;
  /** Per chunk: index into `pages`. */
  chunkPage: Uint32Array;
  chunkOrdinal: Uint16Array;
  /**
   * Per chunk, when the index holds every text in memory (no backing store). Absent: the texts are stored by
   * page beside the snapshot (index-persistence.ts), and the restored index reads them from there.
   */
  texts?: string[];
  /** Per chunk: heading path joined by U+001F. */
  headingPaths: string[];
  sparse: SparseIndexSnapshot;
  vectors: VectorStoreSnapshot;
}

/** Options for a new index. */
export interface HybridIndexOptions {
  modelId: string;
  dims: number;
  bm25?: Bm25Params;
  fusion?: Fusion;
  /** Where saved pages' texts are read back from; with it, a saved page's texts leave memory. */
  texts?: ReadPageTexts;
}

/** The history index. */
export interface HybridIndex {
  readonly modelId: string;
  readonly dims: number;
  /** Live chunks. */
  readonly size: number;
  readonly pageCount: number;
  /** Characters of every live chunk's text. */
  readonly textChars: number;
  /** Indexes a page's chunks, replacing any earlier capture of the same URL. */
  addPage(page: PageInput, chunks: ChunkInput[]): IndexedChunk[];
  search(query: HybridQuery): HybridHit[];
  /** Forgets a page (by URL, fragment ignored); returns chunks removed. */
  deletePage(url: string): number;
  /** Forgets every page of a domain and its subdomains; returns chunks removed. */
  deleteDomain(domain: string): number;
  /** Forgets visits within [since, until] (epoch ms, inclusive); returns chunks removed. */
  deleteRange(since: number, until: number): number;
  /** Forgets everything. */
  clear(): void;
  /** Every live page, in no particular order. */
  listPages(): PageSummary[];
  /** A page's chunks in order (text and heading path), e.g. to re-embed them with another model. */
  pageChunks(url: string): Promise<Array<{ text: string; headingPath: string[] }>>;
  /** The texts of found chunks, in order (one read per page). */
  readTexts(chunks: ReadonlyArray<Pick<FoundChunk, 'pageKey' | 'ordinal'>>): Promise<string[]>;
  /** The texts' store: what persistence writes and when they leave memory. */
  readonly texts: ChunkTextStore;
  /** Compacts (drops removed chunks) into a snapshot for persistence. */
  snapshot(): HybridIndexSnapshot;
}
