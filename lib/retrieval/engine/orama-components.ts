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
 * Orama's BM25 parameters (k, b from the search's `relevance`) and Orama's English stemmer
 * (tokenize-text.ts), with textbook term frequencies; the vector field is an int8 flat scan.
 *
 * Slots: a document's Orama internal id minus one. The history index gives every chunk a fresh id
 * (never reusing one), so internal ids, and slots, only grow, as the typed-array fields require.
 */
import { components, type AnyDocument, type AnyIndexStore, type IDocumentsStore, type IIndex, type TokenScore } from '@orama/orama';
import { RetrievalError } from '../retrieval-error';
import { selectTopK } from './select-top-k';
import { createSparseIndex, type SparseIndex, type SparseIndexSnapshot } from './sparse-index';
import { createVectorStore, type VectorStore, type VectorStoreSnapshot } from './vector-store';

/** The schema's full-text field (title, heading path and chunk text are indexed together). */
export const TEXT_FIELD = 'text';
/** The schema's vector field. */
export const VECTOR_FIELD = 'embedding';

/** The Orama schema of a history chunk. `domains` lists the host and its parent domains. */
export function historySchema(dims: number) {
  return {
    [TEXT_FIELD]: 'string',
    domains: 'enum[]',
    visitedAt: 'number',
    [VECTOR_FIELD]: `vector[${dims}]`,
  } as const;
}

/** The stored document of a chunk (the vector lives only in the vector field, not in the document). */
export interface HistoryDoc {
  /** Orama's document id: the chunk's slot, as a string. */
  key: string;
  pageKey: string;
  ordinal: number;
  url: string;
  title: string;
  domain: string;
  domains: string[];
  visitedAt: number;
  headingPath: string[];
  text: string;
  [VECTOR_FIELD]?: number[];
}

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

/** Orama's default index store (kept for the filter fields). */
type OramaIndexStore = ReturnType<typeof components.index.create>;
type InternalDocumentIDStore = Parameters<typeof components.index.load>[0];
/** Orama numbers documents from 1. */
type InternalDocumentID = number;

/** The index store: Orama's default store for the filter fields, plus the replaced fields. */
type HistoryIndexStore = OramaIndexStore & {
  vectorIndexes: Record<string, unknown>;
  history: { sparse: SparseIndex; vectors: VectorStore; live: Uint8Array };
};

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
  const base = components.index.createIndex() as unknown as IIndex<AnyIndexStore>;
  const baseDocs = components.documentsStore.createDocumentsStore();
  const schema = historySchema(dims);
  const filterSchema = { domains: schema.domains, visitedAt: schema.visitedAt };
  let docsStore: { docs: Record<number, AnyDocument | undefined> } | undefined;
  let last: LastScores = {};

  function alive(store: HistoryIndexStore, slot: number): boolean {
    return store.history.live[slot] === 1;
  }

  function markLive(store: HistoryIndexStore, slot: number, on: boolean): void {
    let live = store.history.live;
    if (slot >= live.length) {
      const bigger = new Uint8Array(Math.max(slot + 1, live.length * 2));
      bigger.set(live);
      live = store.history.live = bigger;
    }
    live[slot] = on ? 1 : 0;
  }

  function vectorField(store: HistoryIndexStore) {
    return {
      size: dims,
      /** Orama's vector-index contract: [internal id, similarity] of candidates at or above `similarity`. */
      find(vector: ArrayLike<number>, similarity: number, whereFiltersIDs?: Set<InternalDocumentID>): TokenScore[] {
        const q = vector instanceof Float32Array ? vector : Float32Array.from(vector);
        const scores = store.history.vectors.scoreAll(q);
        last.dense = scores;
        const accept = (slot: number) => alive(store, slot) && (!whereFiltersIDs || whereFiltersIDs.has(slot + 1));
        return selectTopK(scores, depth, undefined, accept)
          .filter((h) => h.score >= similarity && h.score > 0)
          .map((h) => [h.slot + 1, h.score] as TokenScore);
      },
    };
  }

  function withFields(store: AnyIndexStore, history: HistoryIndexStore['history']): HistoryIndexStore {
    const s = store as HistoryIndexStore;
    s.history = history;
    s.searchableProperties.push(TEXT_FIELD, VECTOR_FIELD);
    s.searchablePropertiesWithTypes[TEXT_FIELD] = schema[TEXT_FIELD];
    s.searchablePropertiesWithTypes[VECTOR_FIELD] = schema[VECTOR_FIELD];
    s.vectorIndexes[VECTOR_FIELD] = { type: 'Vector', node: vectorField(s) as never, isArray: false };
    return s;
  }

  const index: IIndex<HistoryIndexStore> = {
    ...(base as unknown as IIndex<HistoryIndexStore>),
    create(orama, shared) {
      const store = base.create(orama, shared, filterSchema as never);
      return withFields(store, { sparse: createSparseIndex(), vectors: createVectorStore(dims), live: new Uint8Array(1024) });
    },
    insert(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, opts) {
      const slot = internalId - 1;
      if (prop === TEXT_FIELD) {
        const doc = docsStore?.docs[internalId] as HistoryDoc | undefined;
        const searchable = doc ? [doc.title, doc.headingPath.join(' '), value as string].join('\n') : (value as string);
        store.history.sparse.add(slot, searchable);
        markLive(store, slot, true);
        return;
      }
      if (prop === VECTOR_FIELD) {
        const v = value as number[];
        if (v.length !== dims) throw new RetrievalError('model_mismatch', `chunk vector has ${v.length} dims, index expects ${dims}`);
        store.history.vectors.set(slot, Float32Array.from(v));
        return;
      }
      base.insert(implementation as never, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, opts);
    },
    remove(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount) {
      const slot = internalId - 1;
      if (prop === TEXT_FIELD) {
        // The document no longer carries its vector, so the text field retires both.
        store.history.sparse.remove(slot);
        store.history.vectors.clear(slot);
        markLive(store, slot, false);
        return true;
      }
      if (prop === VECTOR_FIELD) return true;
      return base.remove(implementation as never, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount);
    },
    search(store, term, _tokenizer, _language, properties, _exact, _tolerance, _boost, relevance, _docsCount, whereFiltersIDs) {
      const s = store as HistoryIndexStore;
      if (!properties.includes(TEXT_FIELD)) return [];
      const { scores, matched } = s.history.sparse.scoreAll(term, { k1: relevance.k, b: relevance.b });
      last.sparse = scores;
      const accept = whereFiltersIDs ? (slot: number) => whereFiltersIDs.has(slot + 1) : undefined;
      return selectTopK(scores, depth, matched, accept).map((h) => [h.slot + 1, h.score] as TokenScore);
    },
    save(store) {
      const n = store.history.sparse.count;
      const live = new Uint8Array(n);
      const visitedAt = new Float64Array(n);
      const domains: string[][] = new Array<string[]>(n).fill([]);
      for (let slot = 0; slot < n; slot++) {
        const doc = docsStore?.docs[slot + 1] as HistoryDoc | undefined;
        if (!doc || !alive(store, slot)) continue;
        live[slot] = 1;
        visitedAt[slot] = doc.visitedAt;
        domains[slot] = doc.domains;
      }
      const raw: HistoryIndexRaw = { sparse: store.history.sparse.snapshot(), vectors: store.history.vectors.snapshot(), live, visitedAt, domains };
      return raw as never;
    },
    load(shared: InternalDocumentIDStore, raw: unknown) {
      const r = raw as HistoryIndexRaw;
      const sparse = createSparseIndex(r.sparse);
      const vectors = createVectorStore(dims, r.vectors);
      if (vectors.dims !== dims) throw new RetrievalError('model_mismatch', `stored vectors have ${vectors.dims} dims, index expects ${dims}`);
      const n = sparse.count;
      if (vectors.count !== n || r.live.length !== n || r.visitedAt.length !== n || r.domains.length !== n) {
        throw new RetrievalError('corrupt_snapshot', 'the text, vector and filter fields disagree on the number of chunks');
      }
      const store = withFields(base.create(undefined as never, shared as never, filterSchema as never), { sparse, vectors, live: new Uint8Array(Math.max(1024, n)) });
      // Orama's filter trees are rebuilt from two columns: cheaper to store, and as fast to restore.
      for (let slot = 0; slot < n; slot++) {
        if (!r.live[slot]) continue;
        markLive(store, slot, true);
        const id = slot + 1;
        base.insert(index as never, store, 'domains', id, id, r.domains[slot] ?? [], 'enum[]', undefined, undefined as never, n);
        base.insert(index as never, store, 'visitedAt', id, id, r.visitedAt[slot]!, 'number', undefined, undefined as never, n);
      }
      return store;
    },
  };

  const documentsStore: IDocumentsStore = {
    ...baseDocs,
    create(orama, shared) {
      const store = baseDocs.create(orama, shared);
      docsStore = store as never;
      return store;
    },
    load(shared, raw) {
      const store = baseDocs.load(shared, raw);
      docsStore = store as never;
      return store;
    },
    store(store, id, internalId, doc) {
      // Keep the document without its vector: the vector field holds it as int8 already.
      const { [VECTOR_FIELD]: _vector, ...rest } = doc as HistoryDoc;
      return baseDocs.store(store as never, id, internalId, rest);
    },
  };

  return {
    index,
    documentsStore,
    getDocumentIndexId: (doc) => (doc as HistoryDoc).key,
    lastScores: () => last,
    resetScores: () => {
      last = {};
    },
    compact(store, keep) {
      const { sparse, vectors } = (store as HistoryIndexStore).history;
      return { sparse: sparse.snapshot(keep), vectors: vectors.snapshot(keep) };
    },
    depth,
  };
}

/** The domain and its parents, for the `domains` filter ("docs.github.com" → itself and "github.com", "com"). */
export function domainAncestry(domain: string): string[] {
  if (!domain) return [];
  const parts = domain.split('.');
  return parts.map((_, i) => parts.slice(i).join('.'));
}
