/**
 * The in-memory history index: an Orama database of chunks (documents, ids, domain and time filters,
 * hybrid search and fusion), with its full-text and vector fields held in typed arrays through Orama's
 * component API (orama-components.ts says why), plus the page records the index browser lists. No
 * extension APIs, no I/O; persistence lives in index-persistence.ts.
 *
 * This file wires the parts, each a function of the shared state (hybrid-index-state.ts): adding a page
 * (add-indexed-page.ts), searching (search-hybrid-index.ts, fuse-hybrid-hits.ts), removing pages
 * (remove-page-record.ts), and the snapshot both ways (snapshot-hybrid-index.ts, restore-hybrid-index.ts).
 */
import { domainMatches } from '../domain-of';
import { pageKeyOf } from '../page-key';
import { RetrievalError } from '../retrieval-error';
import { addIndexedPage } from './add-indexed-page';
import { createChunkTextStore } from './chunk-text-store';
import { historyDocAt } from './history-doc-at';
import { pageTexts, readChunkTexts, textsByPage } from './read-chunk-texts';
import { createHybridIndexState, type PageRecord } from './hybrid-index-state';
import {
  DEFAULT_FUSION,
  type HybridIndex,
  type HybridIndexOptions,
  type HybridIndexSnapshot,
} from './hybrid-index-types';
import { newHistoryDb } from './new-history-db';
import { createHistoryComponents } from './orama-components';
import { removePageRecord } from './remove-page-record';
import { restoreHybridIndex } from './restore-hybrid-index';
import { searchHybridIndex } from './search-hybrid-index';
import { snapshotHybridIndex } from './snapshot-hybrid-index';
import { DEFAULT_BM25 } from './sparse-index';

/** Creates an empty index, or restores one from a snapshot. */
export function createHybridIndex(options: HybridIndexOptions, from?: HybridIndexSnapshot): HybridIndex {
  const { modelId, dims } = options;
  const defaults = { bm25: options.bm25 ?? DEFAULT_BM25, fusion: options.fusion ?? DEFAULT_FUSION };
  // Vectors of another model (or width) are not comparable with this model's queries: refuse the snapshot.
  if (from && (from.modelId !== modelId || from.dims !== dims)) {
    throw new RetrievalError(
      'model_mismatch',
      `snapshot was embedded with ${from.modelId} (${from.dims} dims), index expects ${modelId} (${dims} dims)`,
    );
  }
  if (from && !from.texts && !options.texts)
    throw new RetrievalError('invalid_input', 'a snapshot saved without its texts needs the store that holds them');
  const texts = createChunkTextStore(options.texts, from?.texts ? textsByPage(from) : undefined, !!from && !from.texts);
  const state = createHybridIndexState(modelId, dims, texts);
  if (from) restoreHybridIndex(state, from);

  function removeWhere(pred: (p: PageRecord) => boolean): number {
    let n = 0;
    for (const p of [...state.pages.values()]) if (pred(p)) n += removePageRecord(state, p);
    return n;
  }

  return {
    modelId,
    dims,
    get size() {
      return state.live;
    },
    get pageCount() {
      return state.pages.size;
    },
    get textChars() {
      let n = 0;
      for (const p of state.pages.values()) n += p.chars;
      return n;
    },
    addPage: (page, input) => addIndexedPage(state, page, input),
    search: (q) => searchHybridIndex(state, q, defaults),
    deletePage(url) {
      const p = state.pages.get(pageKeyOf(url));
      return p ? removePageRecord(state, p) : 0;
    },
    deleteDomain(domain) {
      return removeWhere((p) => domainMatches(p.domain, domain));
    },
    deleteRange(since, until) {
      return removeWhere((p) => p.visitedAt >= since && p.visitedAt <= until);
    },
    clear() {
      // A fresh database and fields: dropping chunk by chunk would leave every slot allocated.
      state.fields = createHistoryComponents(dims);
      state.db = newHistoryDb(state.fields, dims);
      state.pages.clear();
      state.texts.clear();
      state.nextSlot = 0;
      state.live = 0;
    },
    async pageChunks(url) {
      const p = state.pages.get(pageKeyOf(url));
      if (!p) return [];
      const headingPaths = p.slots.map((slot) => historyDocAt(state.db, slot).headingPath);
      const texts = await pageTexts(state, p.key, p.slots.length);
      return texts.map((text, i) => ({ text, headingPath: headingPaths[i]! }));
    },
    readTexts: (chunks) => readChunkTexts(state, chunks),
    texts,
    listPages() {
      return [...state.pages.values()].map((p) => ({
        url: p.url,
        title: p.title,
        domain: p.domain,
        visitedAt: p.visitedAt,
        ...(p.lang ? { lang: p.lang } : {}),
        ...(p.kind ? { kind: p.kind } : {}),
        chunks: p.slots.length,
      }));
    },
    snapshot: () => snapshotHybridIndex(state),
  };
}
