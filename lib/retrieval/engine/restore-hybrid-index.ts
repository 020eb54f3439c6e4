/**
 * Fills an empty index from a snapshot through Orama's load(): the documents are rebuilt from the stored
 * texts and page list, and the typed-array fields taken as they are (never re-tokenised or re-embedded),
 * which is what keeps a restore of 100k chunks within its 2 s.
 */
import { load } from '@orama/orama';
import { RetrievalError } from '../retrieval-error';
import { pageKeyOf } from '../page-key';
import { domainAncestry } from './domain-ancestry';
import { historyDocOf } from './history-doc-of';
import type { HistoryDoc } from './history-schema';
import type { HistoryIndexRaw } from './history-store-types';
import type { HybridIndexState, PageRecord } from './hybrid-index-state';
import { HEADING_SEP, type HybridIndexSnapshot } from './hybrid-index-types';
import { searchableText } from './searchable-text';
import { createSparseIndex, TOKENIZER_VERSION, type SparseIndexSnapshot } from './sparse-index';

/**
 * The text field of a snapshot made before the multilingual tokenizer, rebuilt from its stored texts (once:
 * the next save keeps the new terms). Its pages recorded no language and were all stemmed as English, so
 * they are read as English again: Latin-script words find what they found, and CJK runs become words.
 */
function retokenized(snap: HybridIndexSnapshot): SparseIndexSnapshot {
  const sparse = createSparseIndex();
  for (let slot = 0; slot < snap.texts.length; slot++) {
    const page = snap.pages[snap.chunkPage[slot]!];
    const hp = snap.headingPaths[slot]!;
    sparse.add(
      slot,
      searchableText(page?.title ?? '', hp ? hp.split(HEADING_SEP) : [], snap.texts[slot]!),
      page?.lang ?? 'en',
    );
  }
  return sparse.snapshot();
}

export function restoreHybridIndex(state: HybridIndexState, snap: HybridIndexSnapshot): void {
  const n = snap.texts.length;
  if (
    snap.sparse.count !== n ||
    snap.vectors.count !== n ||
    snap.chunkPage.length !== n ||
    snap.headingPaths.length !== n
  ) {
    throw new RetrievalError('corrupt_snapshot', 'snapshot parts disagree on the number of chunks');
  }
  const records: PageRecord[] = snap.pages.map((p) => ({
    ...p,
    key: pageKeyOf(p.url),
    domains: domainAncestry(p.domain),
    slots: [],
  }));
  const ids: string[] = new Array<string>(n);
  const docs: Record<number, HistoryDoc> = {};
  const visitedAt = new Float64Array(n);
  const domains: string[][] = new Array<string[]>(n);
  const alive = new Uint8Array(n).fill(1);
  for (let slot = 0; slot < n; slot++) {
    const page = records[snap.chunkPage[slot]!];
    if (!page) throw new RetrievalError('corrupt_snapshot', `chunk ${slot} points at a missing page`);
    const hp = snap.headingPaths[slot]!;
    ids[slot] = String(slot);
    docs[slot + 1] = historyDocOf(
      page,
      slot,
      snap.chunkOrdinal[slot]!,
      snap.texts[slot]!,
      hp ? hp.split(HEADING_SEP) : [],
    );
    visitedAt[slot] = page.visitedAt;
    domains[slot] = page.domains;
    page.slots.push(slot);
  }
  const sparse = snap.sparse.tokenizer === TOKENIZER_VERSION ? snap.sparse : retokenized(snap);
  const index: HistoryIndexRaw = { sparse, vectors: snap.vectors, live: alive, visitedAt, domains };
  // The shape of Orama's save() (its internal id store, our index, its documents store), which load() takes.
  load(state.db, {
    internalDocumentIDStore: { internalIdToId: ids },
    index,
    docs: { docs, count: n },
    sorting: { enabled: false },
    pinning: { rules: [] },
    language: 'english',
  } as never);
  for (const r of records) if (r.slots.length) state.pages.set(r.key, r);
  state.nextSlot = n;
  state.live = n;
}
