/**
 * Fills an empty index from a snapshot through Orama's load(): the documents store's columns are rebuilt from
 * the page list, and the typed-array fields taken as they are (never re-tokenised or re-embedded),
 * which is what keeps a restore of 100k chunks within its 2 s.
 */
import { load } from '@orama/orama';
import { RetrievalError } from '../retrieval-error';
import { pageKeyOf } from '../page-key';
import { domainAncestry } from './domain-ancestry';
import type { HistoryDocsRaw, PageEntry } from './history-documents-store';
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
  const texts = snap.texts;
  if (!texts) throw new RetrievalError('corrupt_snapshot', 'a snapshot of the first tokenizer came without its texts');
  const sparse = createSparseIndex();
  for (let slot = 0; slot < texts.length; slot++) {
    const page = snap.pages[snap.chunkPage[slot]!];
    const hp = snap.headingPaths[slot]!;
    sparse.add(
      slot,
      searchableText(page?.title ?? '', hp ? hp.split(HEADING_SEP) : [], texts[slot]!),
      page?.lang ?? 'en',
    );
  }
  return sparse.snapshot();
}

export function restoreHybridIndex(state: HybridIndexState, snap: HybridIndexSnapshot): void {
  const n = snap.chunkPage.length;
  if (
    snap.sparse.count !== n ||
    snap.vectors.count !== n ||
    snap.chunkOrdinal.length !== n ||
    snap.headingPaths.length !== n ||
    (snap.texts && snap.texts.length !== n)
  ) {
    throw new RetrievalError('corrupt_snapshot', 'snapshot parts disagree on the number of chunks');
  }
  const records: PageRecord[] = snap.pages.map((p) => ({
    ...p,
    key: pageKeyOf(p.url),
    domains: domainAncestry(p.domain),
    slots: [],
    chars: p.chars ?? 0,
  }));
  // Older snapshots carried no count: it comes from their texts.
  if (snap.texts) {
    for (const r of records) r.chars = 0;
    for (let slot = 0; slot < n; slot++) records[snap.chunkPage[slot]!]!.chars += snap.texts[slot]!.length;
  }
  const entries: PageEntry[] = records.map((r) => ({
    pageKey: r.key,
    url: r.url,
    title: r.title,
    domain: r.domain,
    domains: r.domains,
    visitedAt: r.visitedAt,
    ...(r.lang ? { lang: r.lang } : {}),
    ...(r.kind && r.kind !== 'page' ? { kind: r.kind } : {}),
    headings: [],
  }));
  // The documents store's columns, by internal id (slot + 1); a page's heading paths interned as they come.
  const chunkPage = new Int32Array(n + 1).fill(-1);
  const chunkOrdinal = new Uint16Array(n + 1);
  const chunkHeading = new Uint16Array(n + 1);
  const headingIds = records.map(() => new Map<string, number>());
  const ids: string[] = new Array<string>(n);
  const visitedAt = new Float64Array(n);
  const domains: string[][] = new Array<string[]>(n);
  const alive = new Uint8Array(n).fill(1);
  for (let slot = 0; slot < n; slot++) {
    const pi = snap.chunkPage[slot]!;
    const page = records[pi];
    if (!page) throw new RetrievalError('corrupt_snapshot', `chunk ${slot} points at a missing page`);
    const hp = snap.headingPaths[slot]!;
    let h = headingIds[pi]!.get(hp);
    if (h === undefined) {
      h = entries[pi]!.headings.push(hp ? hp.split(HEADING_SEP) : []) - 1;
      headingIds[pi]!.set(hp, h);
    }
    ids[slot] = String(slot);
    chunkPage[slot + 1] = pi;
    chunkOrdinal[slot + 1] = snap.chunkOrdinal[slot]!;
    chunkHeading[slot + 1] = h;
    visitedAt[slot] = page.visitedAt;
    domains[slot] = page.domains;
    page.slots.push(slot);
  }
  const sparse = snap.sparse.tokenizer === TOKENIZER_VERSION ? snap.sparse : retokenized(snap);
  const index: HistoryIndexRaw = { sparse, vectors: snap.vectors, live: alive, visitedAt, domains };
  const docs: HistoryDocsRaw = { pages: entries, chunkPage, chunkOrdinal, chunkHeading, count: n };
  // The shape of Orama's save() (its internal id store, our index, our documents store), which load() takes.
  load(state.db, {
    internalDocumentIDStore: { internalIdToId: ids },
    index,
    docs,
    sorting: { enabled: false },
    pinning: { rules: [] },
    language: 'english',
  } as never);
  for (const r of records) if (r.slots.length) state.pages.set(r.key, r);
  state.nextSlot = n;
  state.live = n;
}
