/**
 * The in-memory history index: an Orama database of chunks (documents, ids, domain and time filters,
 * hybrid search and fusion), with its full-text and vector fields held in typed arrays through Orama's
 * component API (orama-components.ts says why), plus the page records the index browser lists. No
 * extension APIs, no I/O; persistence lives in index-persistence.ts.
 */
import { create, getByID, insert, load, remove, search, type Results } from '@orama/orama';
import { domainMatches, domainOf, normalizeDomain } from '../domain-of';
import { createHistoryComponents, domainAncestry, historySchema, TEXT_FIELD, VECTOR_FIELD, type HistoryDoc, type HistoryIndexRaw } from './orama-components';
import { pageKeyOf } from '../page-key';
import { DEFAULT_FUSION, type HybridIndex, type HybridIndexOptions, type HybridIndexSnapshot, type HybridQuery, type IndexedChunk } from './hybrid-index-types';
import { RetrievalError } from '../retrieval-error';
import { DEFAULT_BM25 } from './sparse-index';

const HEADING_SEP = '\u001f';

interface PageRecord {
  key: string;
  url: string;
  title: string;
  domain: string;
  domains: string[];
  visitedAt: number;
  slots: number[];
}

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
  const pages = new Map<string, PageRecord>();
  let fields = createHistoryComponents(dims);
  let db = newDb();
  /** Next slot (= Orama internal id − 1): every chunk gets a fresh one. */
  let nextSlot = 0;
  let live = 0;

  function newDb() {
    return create({
      schema: historySchema(dims),
      sort: { enabled: false },
      components: { index: fields.index, documentsStore: fields.documentsStore, getDocumentIndexId: fields.getDocumentIndexId },
    });
  }

  if (from) restore(from);

  function restore(snap: HybridIndexSnapshot): void {
    const n = snap.texts.length;
    if (snap.sparse.count !== n || snap.vectors.count !== n || snap.chunkPage.length !== n || snap.headingPaths.length !== n) {
      throw new RetrievalError('corrupt_snapshot', 'snapshot parts disagree on the number of chunks');
    }
    const records: PageRecord[] = snap.pages.map((p) => ({ ...p, key: pageKeyOf(p.url), domains: domainAncestry(p.domain), slots: [] }));
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
      docs[slot + 1] = docOf(page, slot, snap.chunkOrdinal[slot]!, snap.texts[slot]!, hp ? hp.split(HEADING_SEP) : []);
      visitedAt[slot] = page.visitedAt;
      domains[slot] = page.domains;
      page.slots.push(slot);
    }
    const index: HistoryIndexRaw = { sparse: snap.sparse, vectors: snap.vectors, live: alive, visitedAt, domains };
    load(db, {
      internalDocumentIDStore: { internalIdToId: ids },
      index,
      docs: { docs, count: n },
      sorting: { enabled: false },
      pinning: { rules: [] },
      language: 'english',
    } as never);
    for (const r of records) if (r.slots.length) pages.set(r.key, r);
    nextSlot = n;
    live = n;
  }

  function docOf(page: PageRecord, slot: number, ordinal: number, text: string, headingPath: string[]): HistoryDoc {
    return {
      key: String(slot),
      pageKey: page.key,
      ordinal,
      url: page.url,
      title: page.title,
      domain: page.domain,
      domains: page.domains,
      visitedAt: page.visitedAt,
      headingPath,
      text,
    };
  }

  function chunkOf(doc: HistoryDoc): IndexedChunk {
    return {
      id: `${doc.pageKey}#${doc.ordinal}`,
      pageKey: doc.pageKey,
      ordinal: doc.ordinal,
      url: doc.url,
      title: doc.title,
      domain: doc.domain,
      visitedAt: doc.visitedAt,
      headingPath: doc.headingPath,
      text: doc.text,
      modelId,
      dims,
    };
  }

  function docAt(slot: number): HistoryDoc {
    const doc = getByID(db, String(slot)) as HistoryDoc | undefined;
    if (!doc) throw new RetrievalError('corrupt_snapshot', `chunk slot ${slot} has no document`);
    return doc;
  }

  function removePage(page: PageRecord): number {
    for (const slot of page.slots) remove(db, String(slot));
    pages.delete(page.key);
    live -= page.slots.length;
    return page.slots.length;
  }

  function removeWhere(pred: (p: PageRecord) => boolean): number {
    let n = 0;
    for (const p of [...pages.values()]) if (pred(p)) n += removePage(p);
    return n;
  }

  function whereOf(q: HybridQuery) {
    const where: Record<string, unknown> = {};
    if (q.domain) where.domains = { containsAny: [normalizeDomain(q.domain)] };
    if (q.since !== undefined && q.until !== undefined) where.visitedAt = { between: [q.since, q.until] };
    else if (q.since !== undefined) where.visitedAt = { gte: q.since };
    else if (q.until !== undefined) where.visitedAt = { lte: q.until };
    return where;
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
      const domain = (page.domain ?? domainOf(page.url)).toLowerCase();
      const record: PageRecord = { key, url: key, title: page.title, domain, domains: domainAncestry(domain), visitedAt: page.visitedAt, slots: [] };
      const out: IndexedChunk[] = [];
      input.forEach((c, ordinal) => {
        const slot = nextSlot++;
        const doc = docOf(record, slot, ordinal, c.text, c.headingPath);
        insert(db, { ...doc, [VECTOR_FIELD]: Array.from(c.vector) });
        record.slots.push(slot);
        out.push(chunkOf(doc));
      });
      if (record.slots.length) pages.set(key, record);
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
      if (live === 0) return [];
      fields.resetScores();
      const where = whereOf(q);
      const run = (params: Record<string, unknown>): Results<HistoryDoc> => {
        const result = search(db, { ...params, where: Object.keys(where).length ? where : undefined, limit: fields.depth } as never) as
          | Results<HistoryDoc>
          | Promise<unknown>;
        if (result instanceof Promise) throw new Error('the history index must search synchronously');
        return result;
      };
      // Orama runs each side with its filters; the text side ranks by BM25, the vector side by cosine.
      const text = mode === 'dense' ? undefined : run({ mode: 'fulltext', term: q.text, properties: [TEXT_FIELD], relevance: { k: bm25.k1, b: bm25.b, d: 0 } });
      const vec = mode === 'sparse' ? undefined : run({ mode: 'vector', vector: { value: q.vector, property: VECTOR_FIELD }, similarity: 0 });
      // Fusion over both sides' candidates. Each side scored every chunk, so a candidate of one side
      // gets its exact score from the other: score = w · bm25 / max bm25 + (1 − w) · max(0, cosine).
      const { sparse, dense } = fields.lastScores();
      const w = mode === 'sparse' ? 1 : mode === 'dense' ? 0 : fusion.sparseWeight;
      const maxSparse = text?.hits[0]?.score ?? 0;
      const candidates = new Map<number, HistoryDoc>();
      for (const h of text?.hits ?? []) candidates.set(Number(h.id), h.document);
      for (const h of vec?.hits ?? []) candidates.set(Number(h.id), h.document);
      const ranked: Array<{ slot: number; doc: HistoryDoc; score: number; sp: number; de: number }> = [];
      for (const [slot, doc] of candidates) {
        const sp = sparse?.[slot] ?? 0;
        const de = dense?.[slot] ?? 0;
        const score = (maxSparse > 0 ? (w * sp) / maxSparse : 0) + (1 - w) * Math.max(0, de);
        if (score > 0 && score >= minScore) ranked.push({ slot, doc, score, sp, de });
      }
      ranked.sort((x, y) => y.score - x.score || x.slot - y.slot);
      return ranked.slice(0, topK).map((h) => ({
        chunk: chunkOf(h.doc),
        score: h.score,
        sparseScore: h.sp,
        denseScore: q.vector ? h.de : 0,
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
      fields = createHistoryComponents(dims);
      db = newDb();
      pages.clear();
      nextSlot = 0;
      live = 0;
    },
    pageChunks(url) {
      const p = pages.get(pageKeyOf(url));
      return p ? p.slots.map((slot) => ({ text: docAt(slot).text, headingPath: docAt(slot).headingPath })) : [];
    },
    listPages() {
      return [...pages.values()].map((p) => ({ url: p.url, title: p.title, domain: p.domain, visitedAt: p.visitedAt, chunks: p.slots.length }));
    },
    snapshot() {
      const keep: number[] = [];
      const pageList = [...pages.values()];
      const chunkPage: number[] = [];
      const chunkOrdinal: number[] = [];
      const texts: string[] = [];
      const headingPaths: string[] = [];
      // Slots in ascending order (the typed-array fields compact in slot order).
      const owner: Array<[number, number]> = [];
      pageList.forEach((p, pi) => p.slots.forEach((slot) => owner.push([slot, pi])));
      owner.sort((a, b) => a[0] - b[0]);
      for (const [slot, pi] of owner) {
        const doc = docAt(slot);
        keep.push(slot);
        chunkPage.push(pi);
        chunkOrdinal.push(doc.ordinal);
        texts.push(doc.text);
        headingPaths.push(doc.headingPath.join(HEADING_SEP));
      }
      const { sparse, vectors } = fields.compact(db.data.index, keep);
      return {
        version: 1,
        modelId,
        dims,
        pages: pageList.map(({ url, title, domain, visitedAt }) => ({ url, title, domain, visitedAt })),
        chunkPage: Uint32Array.from(chunkPage),
        chunkOrdinal: Uint16Array.from(chunkOrdinal),
        texts,
        headingPaths,
        sparse,
        vectors,
      };
    },
  };
}
