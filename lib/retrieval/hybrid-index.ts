/**
 * The in-memory history index: BM25 over title + heading path + chunk text, dense vectors in a flat
 * int8 store, page metadata for filters, and score fusion. Pure data structure: no extension APIs,
 * no I/O; persistence lives in index-persistence.ts.
 *
 * Why not Orama: measured in Node on this project's machine, Orama 3.1 took ~8 s to insert 10k chunks
 * of 180 tokens, its saved index alone was ~4.7 KB per chunk, and deserialising + load() of 10k took
 * ~7 s, so 100k chunks could not restore in the 2 s target. Its BM25 also departs from the textbook:
 * tf is stored as count / field length, the default tokenizer de-duplicates tokens (tf is always 1),
 * and non-exact term lookup matches every word sharing the prefix. We keep Orama's Porter stemmer.
 */
import { domainMatches, domainOf } from './domain-of';
import { pageKeyOf } from './page-key';
import { RetrievalError } from './retrieval-error';
import { selectTopK } from './select-top-k';
import { DEFAULT_BM25, createSparseIndex, type Bm25Params, type SparseIndexSnapshot } from './sparse-index';
import { createVectorStore, type VectorStoreSnapshot } from './vector-store';

export { pageKeyOf } from './page-key';

/** A captured page as the index sees it. Pages are keyed by URL without its fragment. */
export interface PageInput {
  url: string;
  title: string;
  /** Epoch milliseconds of the visit. */
  visitedAt: number;
  /** Defaults to the URL's host without "www.". */
  domain?: string;
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
  headingPath: string[];
  text: string;
  modelId: string;
  dims: number;
}

/** How sparse and dense rankings are combined. */
export type Fusion =
  /** score = w · bm25 / max bm25 + (1 − w) · max(0, cosine): both in [0, 1]. */
  | { kind: 'weighted'; sparseWeight: number }
  /** Reciprocal rank fusion, scaled so a chunk ranked first by both has score 1. */
  | { kind: 'rrf'; k: number; sparseWeight: number; depth: number };

/**
 * Picked by nDCG@10 on BEIR SciFact with the GloVe test model (tests/bench/retrieval.ts): weighted
 * fusion beat RRF there, because RRF gives the weak dense ranking as much say as BM25.
 */
export const DEFAULT_FUSION: Fusion = { kind: 'weighted', sparseWeight: 0.7 };

/** A search over the index. */
export interface HybridQuery {
  text: string;
  /** The query's embedding; without it the search is sparse only. */
  vector?: Float32Array;
  /** Only chunks from this domain or its subdomains. */
  domain?: string;
  /** Only visits at or after this time (epoch ms). */
  since?: number;
  /** Only visits at or before this time (epoch ms). */
  until?: number;
  /** Default 10. */
  topK?: number;
  /** Drop hits whose fused score (0..1) is below this. Default 0. */
  minScore?: number;
  /** Default 'hybrid' when a vector is given, else 'sparse'. */
  mode?: 'hybrid' | 'sparse' | 'dense';
  fusion?: Fusion;
}

/** One ranked chunk. */
export interface HybridHit {
  chunk: IndexedChunk;
  /** Fused score in 0..1. */
  score: number;
  /** Raw BM25 (0 when no query term occurs). */
  sparseScore: number;
  /** Cosine similarity (0 when no query vector). */
  denseScore: number;
}

/** Everything needed to rebuild the index, in compact typed arrays (text stored once). */
export interface HybridIndexSnapshot {
  version: 1;
  modelId: string;
  dims: number;
  pages: Array<{ url: string; title: string; domain: string; visitedAt: number }>;
  /** Per chunk: index into `pages`. */
  chunkPage: Uint32Array;
  chunkOrdinal: Uint16Array;
  texts: string[];
  /** Per chunk: heading path joined by U+001F. */
  headingPaths: string[];
  sparse: SparseIndexSnapshot;
  vectors: VectorStoreSnapshot;
}

/** One indexed page, for the index browser. */
export interface PageSummary {
  url: string;
  title: string;
  domain: string;
  visitedAt: number;
  chunks: number;
}

/** Options for a new index. */
export interface HybridIndexOptions {
  modelId: string;
  dims: number;
  bm25?: Bm25Params;
  fusion?: Fusion;
}

/** The history index. */
export interface HybridIndex {
  readonly modelId: string;
  readonly dims: number;
  /** Live chunks. */
  readonly size: number;
  readonly pageCount: number;
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
  pageChunks(url: string): Array<{ text: string; headingPath: string[] }>;
  /** Compacts (drops removed chunks) into a snapshot for persistence. */
  snapshot(): HybridIndexSnapshot;
}

const HEADING_SEP = '\u001f';

interface PageRecord {
  key: string;
  url: string;
  title: string;
  domain: string;
  visitedAt: number;
  slots: number[];
}

/** Canonical page key: the URL without its fragment (a text fragment must not make a new page). */

/** Creates an empty index, or restores one from a snapshot. */
export function createHybridIndex(options: HybridIndexOptions, from?: HybridIndexSnapshot): HybridIndex {
  const { modelId, dims } = options;
  const bm25 = options.bm25 ?? DEFAULT_BM25;
  const defaultFusion = options.fusion ?? DEFAULT_FUSION;
  if (from && (from.modelId !== modelId || from.dims !== dims)) {
    throw new RetrievalError(
      'model_mismatch',
      `snapshot was embedded with ${from.modelId} (${from.dims} dims), index expects ${modelId} (${dims} dims)`,
    );
  }
  let sparse = createSparseIndex(from?.sparse);
  let vectors = createVectorStore(dims, from?.vectors);
  let chunks: Array<IndexedChunk | undefined> = [];
  let chunkPage: Array<PageRecord | undefined> = [];
  const pages = new Map<string, PageRecord>();
  let live = 0;

  if (from) {
    const records: PageRecord[] = from.pages.map((p) => ({ ...p, key: pageKeyOf(p.url), slots: [] }));
    for (const r of records) pages.set(r.key, r);
    for (let slot = 0; slot < from.texts.length; slot++) {
      const page = records[from.chunkPage[slot]!];
      if (!page) throw new RetrievalError('corrupt_snapshot', `chunk ${slot} points at a missing page`);
      const hp = from.headingPaths[slot]!;
      chunks.push(stamp(page, from.chunkOrdinal[slot]!, from.texts[slot]!, hp ? hp.split(HEADING_SEP) : []));
      chunkPage.push(page);
      page.slots.push(slot);
      live++;
    }
    if (sparse.count !== chunks.length || vectors.count !== chunks.length) {
      throw new RetrievalError('corrupt_snapshot', 'snapshot parts disagree on the number of chunks');
    }
  }

  function stamp(page: PageRecord, ordinal: number, text: string, headingPath: string[]): IndexedChunk {
    return {
      id: `${page.key}#${ordinal}`,
      pageKey: page.key,
      ordinal,
      url: page.url,
      title: page.title,
      domain: page.domain,
      visitedAt: page.visitedAt,
      headingPath,
      text,
      modelId,
      dims,
    };
  }

  function removePage(page: PageRecord): number {
    for (const slot of page.slots) {
      sparse.remove(slot);
      vectors.clear(slot);
      chunks[slot] = undefined;
      chunkPage[slot] = undefined;
    }
    pages.delete(page.key);
    live -= page.slots.length;
    return page.slots.length;
  }

  function removeWhere(pred: (p: PageRecord) => boolean): number {
    let n = 0;
    for (const p of [...pages.values()]) if (pred(p)) n += removePage(p);
    return n;
  }

  function accepter(q: HybridQuery): (slot: number) => boolean {
    const { domain, since, until } = q;
    return (slot) => {
      const p = chunkPage[slot];
      if (!p) return false;
      if (domain && !domainMatches(p.domain, domain)) return false;
      if (since !== undefined && p.visitedAt < since) return false;
      if (until !== undefined && p.visitedAt > until) return false;
      return true;
    };
  }

  return {
    modelId,
    dims,
    get size() {
      return live;
    },
    get pageCount() {
      return pages.size;
    },
    addPage(page, input) {
      for (const c of input) {
        if (c.vector.length !== dims) {
          throw new RetrievalError('model_mismatch', `chunk vector has ${c.vector.length} dims, index expects ${dims} (${modelId})`);
        }
      }
      if (!Number.isFinite(page.visitedAt)) throw new RetrievalError('invalid_input', 'visitedAt must be a finite epoch ms');
      const key = pageKeyOf(page.url);
      const old = pages.get(key);
      if (old) removePage(old);
      const record: PageRecord = {
        key,
        url: key,
        title: page.title,
        domain: (page.domain ?? domainOf(page.url)).toLowerCase(),
        visitedAt: page.visitedAt,
        slots: [],
      };
      pages.set(key, record);
      const out: IndexedChunk[] = [];
      input.forEach((c, ordinal) => {
        const slot = chunks.length;
        const chunk = stamp(record, ordinal, c.text, c.headingPath);
        sparse.add(slot, [page.title, c.headingPath.join(' '), c.text].join('\n'));
        vectors.set(slot, c.vector);
        chunks.push(chunk);
        chunkPage.push(record);
        record.slots.push(slot);
        out.push(chunk);
      });
      live += input.length;
      return out;
    },
    search(q) {
      const topK = q.topK ?? 10;
      const minScore = q.minScore ?? 0;
      const fusion = q.fusion ?? defaultFusion;
      const mode = q.mode ?? (q.vector ? 'hybrid' : 'sparse');
      if (mode !== 'sparse' && !q.vector) throw new RetrievalError('invalid_input', `${mode} search needs a query vector`);
      if (q.vector && q.vector.length !== dims) {
        throw new RetrievalError('model_mismatch', `query vector has ${q.vector.length} dims, index expects ${dims} (${modelId})`);
      }
      const accept = accepter(q);
      const n = chunks.length;
      const sp = mode === 'dense' ? undefined : sparse.scoreAll(q.text, bm25);
      const dense = mode === 'sparse' ? undefined : vectors.scoreAll(q.vector!);
      let maxSparse = 0;
      if (sp) for (const slot of sp.matched) if (sp.scores[slot]! > maxSparse && accept(slot)) maxSparse = sp.scores[slot]!;

      const fused = new Float32Array(n);
      let candidates: ArrayLike<number> | undefined;
      if (mode === 'sparse') {
        for (const slot of sp!.matched) fused[slot] = maxSparse > 0 ? sp!.scores[slot]! / maxSparse : 0;
        candidates = sp!.matched;
      } else if (mode === 'dense') {
        for (let s = 0; s < n; s++) fused[s] = Math.max(0, dense![s]!);
      } else if (fusion.kind === 'weighted') {
        const w = fusion.sparseWeight;
        for (let s = 0; s < n; s++) fused[s] = (1 - w) * Math.max(0, dense![s]!);
        if (maxSparse > 0) for (const slot of sp!.matched) fused[slot]! += (w * sp!.scores[slot]!) / maxSparse;
      } else {
        const { k, sparseWeight: w, depth } = fusion;
        const top = Math.max(depth, topK);
        const norm = 1 / (k + 1);
        const add = (ranked: Array<{ slot: number }>, weight: number) =>
          ranked.forEach((h, rank) => (fused[h.slot]! += (weight / (k + rank + 1)) / norm));
        add(selectTopK(sp!.scores, top, sp!.matched, accept), w);
        add(selectTopK(dense!, top, undefined, accept), 1 - w);
      }
      return selectTopK(fused, topK, candidates, accept)
        .filter((h) => h.score > 0 && h.score >= minScore)
        .map((h) => ({
          chunk: chunks[h.slot]!,
          score: h.score,
          sparseScore: sp?.scores[h.slot] ?? 0,
          denseScore: dense ? dense[h.slot]! : q.vector ? vectors.score(q.vector, h.slot) : 0,
        }));
    },
    deletePage(url) {
      const p = pages.get(pageKeyOf(url));
      return p ? removePage(p) : 0;
    },
    deleteDomain(domain) {
      return removeWhere((p) => domainMatches(p.domain, domain));
    },
    deleteRange(since, until) {
      return removeWhere((p) => p.visitedAt >= since && p.visitedAt <= until);
    },
    clear() {
      sparse = createSparseIndex();
      vectors = createVectorStore(dims);
      chunks = [];
      chunkPage = [];
      pages.clear();
      live = 0;
    },
    pageChunks(url) {
      const p = pages.get(pageKeyOf(url));
      return p ? p.slots.map((slot) => ({ text: chunks[slot]!.text, headingPath: chunks[slot]!.headingPath })) : [];
    },
    listPages() {
      return [...pages.values()].map((p) => ({ url: p.url, title: p.title, domain: p.domain, visitedAt: p.visitedAt, chunks: p.slots.length }));
    },
    snapshot() {
      const keep: number[] = [];
      const pageList: PageRecord[] = [];
      const pageIndex = new Map<PageRecord, number>();
      for (let s = 0; s < chunks.length; s++) {
        const p = chunkPage[s];
        if (!p) continue;
        keep.push(s);
        if (!pageIndex.has(p)) {
          pageIndex.set(p, pageList.length);
          pageList.push(p);
        }
      }
      return {
        version: 1,
        modelId,
        dims,
        pages: pageList.map(({ url, title, domain, visitedAt }) => ({ url, title, domain, visitedAt })),
        chunkPage: Uint32Array.from(keep, (s) => pageIndex.get(chunkPage[s]!)!),
        chunkOrdinal: Uint16Array.from(keep, (s) => chunks[s]!.ordinal),
        texts: keep.map((s) => chunks[s]!.text),
        headingPaths: keep.map((s) => chunks[s]!.headingPath.join(HEADING_SEP)),
        sparse: sparse.snapshot(keep),
        vectors: vectors.snapshot(keep),
      };
    },
  };
}
