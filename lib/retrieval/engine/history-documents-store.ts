/**
 * The history index's Orama `documentsStore` component. Orama's default keeps every inserted document as
 * it came (per chunk: an object, its page's URL, title and domains again, its text and heading path); this
 * one keeps a page's fields once, in a page entry its chunks share, and per chunk only typed columns (its
 * page, its ordinal, which of its page's heading paths it sits under). Neither the text nor the vector is
 * kept: the text field and the vector field hold what search needs, and chunk texts live in the index's
 * text store (chunk-text-store.ts), out of memory once saved. A document Orama asks for is put together
 * from the columns at that moment, with an empty `text`.
 */
import type { AnyDocument, IDocumentsStore } from '@orama/orama';
import type { HistoryDoc } from './history-schema';
import type { HistoryComponentsShared, HistoryDocsRaw, HistoryDocsStore, PageEntry } from './history-store-types';

export type { HistoryDocsRaw, HistoryDocsStore, PageEntry } from './history-store-types';

type SharedIds = HistoryDocsStore['sharedInternalDocumentStore'];

function grown<T extends Int32Array | Uint16Array>(a: T, min: number, fill = 0): T {
  if (min <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(min, a.length * 2, 1024));
  b.set(a);
  if (fill) b.fill(fill, a.length);
  return b;
}

function docAt(store: HistoryDocsStore, internalId: number): HistoryDoc | undefined {
  const pid = store.chunkPage[internalId] ?? -1;
  const page = pid >= 0 && internalId > 0 ? store.pages[pid] : undefined;
  if (!page) return undefined;
  return {
    key: store.sharedInternalDocumentStore.internalIdToId[internalId - 1]!,
    pageKey: page.pageKey,
    ordinal: store.chunkOrdinal[internalId]!,
    url: page.url,
    title: page.title,
    domain: page.domain,
    domains: page.domains,
    visitedAt: page.visitedAt,
    ...(page.lang ? { lang: page.lang } : {}),
    ...(page.kind ? { kind: page.kind } : {}),
    headingPath: page.headings[store.chunkHeading[internalId]!] ?? [],
    // Present (empty) so that Orama's remove() still hands the text field the chunk to retire.
    text: '',
  };
}

function newStore(sharedIds: SharedIds, raw?: HistoryDocsRaw): HistoryDocsStore {
  const store: HistoryDocsStore = {
    sharedInternalDocumentStore: sharedIds,
    pages: raw ? [...raw.pages] : [],
    pageIds: new Map(),
    refs: [],
    chunkPage: raw ? raw.chunkPage : new Int32Array(1024).fill(-1),
    chunkOrdinal: raw ? raw.chunkOrdinal : new Uint16Array(1024),
    chunkHeading: raw ? raw.chunkHeading : new Uint16Array(1024),
    count: raw?.count ?? 0,
    docs: {},
  };
  store.pages.forEach((p, id) => {
    store.pageIds.set(p!.pageKey, id);
    store.refs[id] = 0;
  });
  for (const pid of store.chunkPage) if (pid >= 0) store.refs[pid]!++;
  store.docs = new Proxy({} as Record<number, HistoryDoc | undefined>, {
    get: (_, prop) => (typeof prop === 'string' ? docAt(store, Number(prop)) : undefined),
  });
  return store;
}

function sameHeading(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((h, i) => h === b[i]);
}

/** Interns `doc`'s page (by page key: every chunk of a page carries the same page fields) and its heading path. */
function storeDoc(s: HistoryDocsStore, internalId: number, doc: HistoryDoc): boolean {
  if ((s.chunkPage[internalId] ?? -1) >= 0) return false;
  let pid = s.pageIds.get(doc.pageKey);
  if (pid === undefined) {
    pid = s.pages.length;
    s.pages.push({
      pageKey: doc.pageKey,
      url: doc.url,
      title: doc.title,
      domain: doc.domain,
      domains: doc.domains,
      visitedAt: doc.visitedAt,
      ...(doc.lang ? { lang: doc.lang } : {}),
      ...(doc.kind ? { kind: doc.kind } : {}),
      headings: [],
    });
    s.pageIds.set(doc.pageKey, pid);
    s.refs[pid] = 0;
  }
  const page = s.pages[pid]!;
  let h = page.headings.findIndex((x) => sameHeading(x, doc.headingPath));
  if (h < 0) h = page.headings.push([...doc.headingPath]) - 1;
  s.chunkPage = grown(s.chunkPage, internalId + 1, -1);
  s.chunkOrdinal = grown(s.chunkOrdinal, internalId + 1);
  s.chunkHeading = grown(s.chunkHeading, internalId + 1);
  s.chunkPage[internalId] = pid;
  s.chunkOrdinal[internalId] = doc.ordinal;
  s.chunkHeading[internalId] = h;
  s.refs[pid]!++;
  s.count++;
  return true;
}

function removeDoc(s: HistoryDocsStore, internalId: number): boolean {
  const pid = s.chunkPage[internalId] ?? -1;
  if (pid < 0) return false;
  s.chunkPage[internalId] = -1;
  s.count--;
  if (--s.refs[pid]! === 0) {
    s.pageIds.delete(s.pages[pid]!.pageKey);
    s.pages[pid] = undefined;
  }
  return true;
}

function internalIdOf(s: HistoryDocsStore, id: string | number): number {
  if (typeof id === 'number') return id;
  const ids = s.sharedInternalDocumentStore as unknown as { idToInternalId: Map<string, number> };
  return ids.idToInternalId.get(id) ?? 0;
}

/** `shared.docs` lets the index component read stored chunks; `shared.inserting`, the document being inserted. */
export function historyDocumentsStore(shared: HistoryComponentsShared): IDocumentsStore {
  const opened = (store: HistoryDocsStore) => ((shared.docs = store), store);
  return {
    create: (_orama, sharedIds) => opened(newStore(sharedIds as unknown as SharedIds)) as never,
    load: (sharedIds, raw) => opened(newStore(sharedIds as unknown as SharedIds, raw as HistoryDocsRaw)) as never,
    get: (store, id) => docAt(store as HistoryDocsStore, internalIdOf(store as HistoryDocsStore, id)),
    getMultiple: (store, ids) =>
      ids.map((id) => docAt(store as HistoryDocsStore, internalIdOf(store as HistoryDocsStore, id))),
    getAll(store) {
      const s = store as HistoryDocsStore;
      const all: Record<number, AnyDocument> = {};
      for (let i = 1; i < s.chunkPage.length; i++) if (s.chunkPage[i]! >= 0) all[i] = docAt(s, i)!;
      return all;
    },
    store(store, _id, internalId, doc) {
      shared.inserting = doc as HistoryDoc;
      return storeDoc(store as HistoryDocsStore, internalId, doc as HistoryDoc);
    },
    remove: (store, id, internalId) =>
      removeDoc(store as HistoryDocsStore, internalId ?? internalIdOf(store as HistoryDocsStore, id)),
    count: (store) => (store as HistoryDocsStore).count,
    save(store) {
      const s = store as HistoryDocsStore;
      // Live pages only, renumbered.
      const renumber = new Int32Array(s.pages.length).fill(-1);
      const pages: PageEntry[] = [];
      s.pages.forEach((p, i) => {
        if (p) renumber[i] = pages.push(p) - 1;
      });
      const chunkPage = s.chunkPage.map((pid) => (pid >= 0 ? renumber[pid]! : -1));
      const raw: HistoryDocsRaw = {
        pages,
        chunkPage,
        chunkOrdinal: s.chunkOrdinal.slice(),
        chunkHeading: s.chunkHeading.slice(),
        count: s.count,
      };
      return raw as never;
    },
  };
}
