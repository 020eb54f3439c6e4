/**
 * The retrieval engine as the offscreen document hosts it: the hybrid index restored from IndexedDB,
 * the embedder in a Web Worker, debounced persistence, and the request handlers of offscreen-protocol.
 * No extension APIs here (serve-offscreen-engine.ts connects it to chrome.runtime).
 */
import { chunkText, chunkTextWithTokenizer, embeddingText } from './chunk-text';
import { domainMatches } from '../domain-of';
import { createIdbEmbeddingCacheStore } from './embedding-cache-db';
import { createMemoryEmbeddingCacheStore, embeddingCacheKey, layeredEmbeddingCacheStore, withEmbeddingCache, type EmbeddingCacheStore } from './embedding-cache';
import type { Embedder } from '../embedder-contract';
import { createWorkerEmbedder, type WorkerEmbedder, type WorkerLike } from './create-worker-embedder';
import { pageKeyOf } from '../page-key';
import type { PageSummary } from '../page-summary';
import { createHybridIndex, type HybridIndex } from './hybrid-index';
import type { EmbeddingModelSettings } from '../index-settings';
import { clearStoredIndex, loadIndex, loadStoredIndex, openIndexDb, saveIndex, type IndexDatabase } from './index-persistence';
import type { CapturedPage, DeleteTarget, EngineStats, OffscreenRequest, OffscreenResponses } from '../offscreen-protocol';
import { RetrievalError } from '../retrieval-error';
import { searchHistory } from './search-history';
import { buildSyntheticIndex, quantile, seededRandom, timeSyntheticSearches } from '../../../tests/bench/retrieval/synthetic-index';

/** What the engine needs from its host. */
export interface OffscreenEngineDeps {
  /** Starts a fresh embedding worker (the bundler resolves its URL, so the host passes it in). */
  spawnWorker: () => WorkerLike;
  openDb?: () => Promise<IndexDatabase>;
  /** Where passage vectors are cached across restarts. Default: IndexedDB 'tabwise-embeddings'. */
  embeddingCache?: EmbeddingCacheStore;
  /** Coalesces saves of bursts of changes. Default 400 ms. */
  saveDelayMs?: number;
  crossOriginIsolated?: boolean;
  now?: () => number;
}

/** The engine: one method per request type of the offscreen protocol. */
export interface OffscreenEngine {
  handle<R extends OffscreenRequest>(request: R): Promise<OffscreenResponses[R['type']]>;
}

/**
 * Chunking defaults of the issue: 256 tokens, 32 overlap, counted in the embedding model's own tokens
 * including its special tokens and the heading line embedded with the chunk. all-MiniLM-L6-v2 was trained
 * on inputs of at most 256 tokens (sentence-transformers cuts there; transformers.js only past 512, and
 * then silently), so every chunk is one input the model reads whole. The counting is done by the embedding worker with the tokenizer its
 * pipeline already loaded (a `count` request of embed-worker-protocol), not by a second AutoTokenizer in
 * this document: the same files under the same load options, no transformers.js in this bundle, and this
 * document's thread stays free for search. Batched: chunking a page costs two or three round trips (every
 * sentence and heading at once; the parts of sentences longer than a chunk, if any; the finished chunks),
 * small beside embedding it. Only when the worker could not load the tokenizer are sizes estimated
 * (about 4 characters a token), which stats report and the console warns about.
 */
const CHUNKING = { maxTokens: 256, overlapTokens: 32 };


/** The texts a page's chunks were embedded from. */
const embeddedTextsOf = (index: HybridIndex, url: string) => index.pageChunks(url).map(embeddingText);

/** Stamped on chunks; createEmbedder uses the same default, so the index's model is known before loading it. */
export const modelIdOf = (model: EmbeddingModelSettings) => `${model.id}@${model.dtype}`;

const loadOptionsOf = (model: EmbeddingModelSettings) => ({
  model: model.id,
  dtype: model.dtype,
  allowRemote: model.allowRemote,
  ...(model.localModelUrl ? { modelBaseUrl: model.localModelUrl } : {}),
});

interface Loaded {
  key: string;
  model: EmbeddingModelSettings;
  /** The index restored from IndexedDB for this model, if one was stored. */
  stored: Promise<HybridIndex | undefined>;
  /** The live index once known (restored, or created empty with the model's width). */
  index?: HybridIndex;
  /** Started on first need (ingest, hybrid search): the hub download must not happen just to show stats. */
  embedder?: Promise<Embedders>;
  worker?: WorkerEmbedder;
  status: EngineStats['model'];
  /** The files' download (or cache read) while the model loads. */
  progress?: EngineStats['modelProgress'];
  error?: string;
  restored: number;
  restoreMs: number;
  /** The index of the previous model while it is re-embedded (searched, text only, until the new one is complete). */
  previous?: HybridIndex;
  reembed?: { done: number; total: number; from: string };
  reembedding?: Promise<void>;
}

/** One model, two caches: passages are cached on disk, queries (not page data) only in memory. */
interface Embedders {
  passages: Embedder;
  queries: Embedder;
}

/** Creates the engine; nothing is loaded until the first request names a model. */
export function createOffscreenEngine(deps: OffscreenEngineDeps): OffscreenEngine {
  const now = deps.now ?? Date.now;
  const db = (deps.openDb ?? (() => openIndexDb()))();
  // Passage vectors: a small memory layer before IndexedDB. The cache holds data derived from pages, so it
  // follows the index: deleting pages deletes their cached vectors (see forgetVectors), forgetting
  // everything clears it. Query vectors only ever go to the memory layer.
  const recent = createMemoryEmbeddingCacheStore(5_000);
  const cache = layeredEmbeddingCacheStore(recent, deps.embeddingCache ?? createIdbEmbeddingCacheStore());
  let current: Loaded | undefined;
  let savedBytes = 0;
  /** Set when a damaged stored index was cleared on start (shown in stats until everything is forgotten). */
  let storeReset: string | undefined;

  /**
   * Deletes the cached vectors of these texts under `modelId`. A text another page shares loses its
   * entry too: that costs one embedding if it is captured again, never a stale vector. Rejects only when
   * the cache could neither delete them nor clear itself (a user's deletion then reports the failure).
   */
  async function forgetVectors(modelId: string, texts: string[]): Promise<void> {
    // Bounded transactions: a re-embed forgets a whole index's worth. At least one call, even for no
    // texts: a store that failed an earlier deletion retries it then (see createIdbEmbeddingCacheStore).
    let i = 0;
    do {
      const keys = await Promise.all(texts.slice(i, i + 2000).map((t) => embeddingCacheKey(modelId, t)));
      await cache.deleteMany(keys);
      i += 2000;
    } while (i < texts.length);
  }

  /** forgetVectors where the cache must not fail the work (ingestion, re-embedding): logged instead. */
  async function forgetVectorsQuietly(modelId: string, texts: string[]): Promise<void> {
    try {
      await forgetVectors(modelId, texts);
    } catch (error) {
      console.error('Tabwise: deleting cached embeddings failed', error);
    }
  }

  /**
   * Restores the stored index. A damaged one (records that disagree, wrong types: a crash mid-write or a
   * tampered profile) would fail every capture forever, so it is cleared and a new index started; stats
   * say so. It only held data derived from pages, which are indexed again when next visited. A store that
   * cannot be read at all (IndexedDB failing) is not cleared: that error is passed on.
   */
  async function restoreOrReset<T>(restore: (store: IndexDatabase) => Promise<T>, empty: T): Promise<T> {
    const store = await db;
    try {
      return await restore(store);
    } catch (error) {
      if (error instanceof RetrievalError && error.code === 'storage_failed') throw error;
      console.error('Tabwise: the stored history index is damaged; starting a new one', error);
      await clearStoredIndex(store);
      storeReset = `The stored index could not be read (${error instanceof Error ? error.message : String(error)}) and was reset; pages are indexed again as you visit them.`;
      return empty;
    }
  }

  function configure(model: EmbeddingModelSettings): Loaded {
    const key = JSON.stringify([model.id, model.dtype, model.localModelUrl ?? '', model.allowRemote]);
    if (current?.key === key) return current;
    current?.worker?.dispose();
    const started = performance.now();
    const loaded: Loaded = { key, model, status: 'idle', restored: 0, restoreMs: 0, stored: Promise.resolve(undefined) };
    loaded.stored = (async () => {
      const { index, storedModel } = await restoreOrReset((store) => loadStoredIndex(store, modelIdOf(model)), {});
      loaded.restoreMs = performance.now() - started;
      loaded.restored = index?.size ?? 0;
      if (index) loaded.index ??= index;
      else if (storedModel) {
        // Another model wrote the stored index: keep it searchable and re-embed its pages in the background.
        loaded.previous = await restoreOrReset(async (store) => (await loadIndex(store, storedModel)).index, undefined);
        if (loaded.previous && loaded.previous.pageCount > 0) loaded.reembedding = reembed(loaded, loaded.previous);
        else loaded.previous = undefined;
      }
      return index;
    })();
    current = loaded;
    return loaded;
  }

  async function reembed(loaded: Loaded, old: HybridIndex): Promise<void> {
    const pages = old.listPages();
    loaded.reembed = { done: 0, total: pages.length, from: old.modelId };
    // Texts this run embedded: if the model changes again before it ends, their vectors belong to no index.
    const embedded: string[] = [];
    try {
      const embedder = (await embedderOf(loaded)).passages;
      const index = (loaded.index ??= createHybridIndex({ modelId: embedder.modelId, dims: embedder.dims }));
      const have = new Set(index.listPages().map((p) => p.url));
      for (const page of pages) {
        if (current !== loaded) {
          await forgetVectorsQuietly(index.modelId, embedded);
          return;
        }
        const chunks = old.pageChunks(page.url);
        // Skipped: captured again since the model change (already in the new index, newer), or deleted meanwhile.
        if (!have.has(page.url) && chunks.length > 0) {
          // Sized in the previous model's tokens: under another tokenizer a chunk may pass 256 (nothing is
          // lost below the new model's maximum length; re-capturing the page re-chunks it).
          const texts = chunks.map(embeddingText);
          const vectors = await embedder.embed(texts);
          // Checked again after the await: a page deleted meanwhile (from `old`) must not come back.
          if (!index.listPages().some((p) => p.url === page.url) && old.pageChunks(page.url).length > 0) {
            index.addPage({ url: page.url, title: page.title, visitedAt: page.visitedAt, domain: page.domain }, chunks.map((c, i) => ({ ...c, vector: vectors[i]! })));
            embedded.push(...texts);
          } else await forgetVectorsQuietly(index.modelId, texts);
        }
        loaded.reembed.done++;
      }
      loaded.previous = undefined;
      loaded.reembed = undefined;
      await persist(loaded);
      // The previous model's vectors now belong to no stored index: a later deletion could not find them.
      if (old.modelId !== index.modelId) await forgetVectorsQuietly(old.modelId, old.listPages().flatMap((p) => embeddedTextsOf(old, p.url)));
    } catch (error) {
      // The old index stays searchable; the next configure (or restart) tries again.
      loaded.error = `re-embedding failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error('Tabwise: re-embedding the history index failed', error);
    }
  }

  /** The live index; when none was stored its width comes from the model, so this may wait for the model. */
  async function indexOf(loaded: Loaded): Promise<HybridIndex> {
    if (loaded.index) return loaded.index;
    const stored = await loaded.stored;
    if (stored) return stored;
    const e = (await embedderOf(loaded)).passages;
    return (loaded.index ??= createHybridIndex({ modelId: e.modelId, dims: e.dims }));
  }

  function embedderOf(loaded: Loaded): Promise<Embedders> {
    if (!loaded.embedder) {
      loaded.status = 'loading';
      // A new attempt: the last failure is no longer the state (it comes back if this one fails too).
      loaded.error = undefined;
      loaded.progress = undefined;
      const onProgress = (p: NonNullable<Loaded['progress']>) => {
        if (current === loaded) loaded.progress = p;
      };
      loaded.embedder = createWorkerEmbedder(deps.spawnWorker, loadOptionsOf(loaded.model), { onProgress }).then(
        (w) => {
          loaded.worker = w;
          loaded.status = 'ready';
          if (!w.tokenizer) console.warn(`Tabwise: chunk sizes of ${w.modelId} are estimated (about 4 characters a token): ${w.tokenizerError}`);
          loaded.progress = undefined;
          if (current !== loaded) w.dispose();
          return { passages: withEmbeddingCache(w, cache), queries: withEmbeddingCache(w, recent) };
        },
        (error: unknown) => {
          loaded.status = 'failed';
          loaded.progress = undefined;
          loaded.error = error instanceof Error ? error.message : String(error);
          // The next request tries again (the network or the model URL may be back).
          loaded.embedder = undefined;
          throw error;
        },
      );
    }
    return loaded.embedder;
  }

  // Saves are chained (never two at once) and debounced; each caller learns when its change is on disk.
  let saveChain: Promise<unknown> = Promise.resolve();
  let pendingSave: { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | undefined;
  /** While re-embedding, the previous model's index stays the stored truth (a crash then loses no page). */
  function persist(loaded: Loaded): Promise<void> {
    if (!pendingSave) {
      let resolve!: () => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      const waiter = (pendingSave = { promise, resolve, reject });
      setTimeout(() => {
        pendingSave = undefined;
        saveChain = saveChain
          .then(async () => {
            const target = loaded.previous ?? loaded.index;
            if (target) savedBytes = await saveIndex(await db, target, now);
          })
          .then(waiter.resolve, waiter.reject);
      }, deps.saveDelayMs ?? 400);
    }
    return pendingSave.promise;
  }

  async function ingest(loaded: Loaded, pages: CapturedPage[]): Promise<OffscreenResponses['ingest']> {
    await loaded.stored;
    // New pages wait in the background's durable queue until the re-embed is on disk.
    await loaded.reembedding;
    const embedder = (await embedderOf(loaded)).passages;
    const index = await indexOf(loaded);
    const indexed: OffscreenResponses['ingest']['indexed'] = [];
    // Texts of replaced captures that the new ones no longer have: their vectors would outlive the page.
    const replaced: string[] = [];
    for (const page of pages) {
      const before = embeddedTextsOf(index, page.url);
      const chunks = embedder.tokenizer ? await chunkTextWithTokenizer(page.text, embedder.tokenizer, CHUNKING) : chunkText(page.text, CHUNKING);
      // The heading path is embedded with the text: "Install > Linux" is context a bare paragraph lacks.
      const texts = chunks.map(embeddingText);
      if (chunks.length === 0) index.deletePage(page.url);
      else {
        const vectors = await embedder.embed(texts);
        // addPage replaces an earlier capture of the URL, so a batch re-sent after a crash is not indexed twice.
        index.addPage({ url: page.url, title: page.title, visitedAt: page.visitedAt }, chunks.map((c, i) => ({ text: c.text, headingPath: c.headingPath, vector: vectors[i]! })));
      }
      const kept = new Set(texts);
      replaced.push(...before.filter((t) => !kept.has(t)));
      indexed.push({ url: pageKeyOf(page.url), chunks: chunks.length });
    }
    await Promise.all([persist(loaded), forgetVectorsQuietly(index.modelId, replaced)]);
    return { indexed };
  }

  /** Deletes pages from `index`; `texts` are the deleted chunks' embedded texts (for forgetVectors). */
  function remove(index: HybridIndex, target: DeleteTarget): { chunks: number; urls: string[]; texts: string[] } {
    const pages = index.listPages();
    const hit = (p: PageSummary) =>
      target.kind === 'all' ||
      (target.kind === 'page' && p.url === pageKeyOf(target.url)) ||
      (target.kind === 'domain' && domainMatches(p.domain, target.domain)) ||
      (target.kind === 'range' && p.visitedAt >= target.since && p.visitedAt <= target.until);
    const urls = pages.filter(hit).map((p) => p.url);
    // Not for 'all': the whole cache is cleared then.
    const texts = target.kind === 'all' ? [] : urls.flatMap((u) => embeddedTextsOf(index, u));
    let chunks = 0;
    if (target.kind === 'all') {
      chunks = index.size;
      index.clear();
    } else for (const u of urls) chunks += index.deletePage(u);
    return { chunks, urls, texts };
  }

  function evict(index: HybridIndex, before: number, maxChunks: number): { chunks: number; urls: string[]; texts: string[] } {
    const old = remove(index, { kind: 'range', since: -Infinity, until: before - 1 });
    if (index.size <= maxChunks) return old;
    // Oldest first until the cap holds.
    const pages = index.listPages().sort((a, b) => a.visitedAt - b.visitedAt);
    for (const p of pages) {
      if (index.size <= maxChunks) break;
      old.texts.push(...embeddedTextsOf(index, p.url));
      old.chunks += index.deletePage(p.url);
      old.urls.push(p.url);
    }
    return old;
  }

  const handlers: { [T in OffscreenRequest['type']]: (r: Extract<OffscreenRequest, { type: T }>) => Promise<OffscreenResponses[T]> } = {
    ingest: (r) => ingest(configure(r.model), r.pages),
    async search(r) {
      const loaded = configure(r.model);
      await loaded.stored;
      // While re-embedding, the previous model's index answers (text only: its vectors are another model's).
      if (loaded.previous) return searchHistory(loaded.previous, undefined, { ...r.request, mode: r.request.mode === 'dense' ? 'sparse' : r.request.mode });
      const index = await indexOf(loaded);
      // Text-only while the model loads or after it failed, rather than no answer at all.
      let embedder: Embedder | undefined;
      if (r.request.mode !== 'sparse') {
        try {
          embedder = (await embedderOf(loaded)).queries;
        } catch (error) {
          if (r.request.mode === 'dense') throw error;
          console.warn('history search without vectors:', error);
        }
      }
      return searchHistory(index, embedder, r.request);
    },
    async stats(r) {
      const loaded = configure(r.model);
      // Stats never wait for the model: before it is known, an empty index is reported as such.
      const stored = await loaded.stored;
      const index = loaded.previous ?? loaded.index ?? stored;
      return {
        pages: index?.pageCount ?? 0,
        chunks: index?.size ?? 0,
        bytes: savedBytes,
        modelId: index?.modelId ?? modelIdOf(loaded.model),
        dims: index?.dims ?? 0,
        model: loaded.status,
        ...(loaded.status === 'loading' && loaded.progress ? { modelProgress: { ...loaded.progress } } : {}),
        ...(loaded.error ? { modelError: loaded.error } : {}),
        threads: loaded.worker?.threads ?? 0,
        ...(loaded.worker ? (loaded.worker.tokenizer ? { tokenCounting: 'model-tokenizer' as const } : { tokenCounting: 'estimate' as const, tokenCountingNote: loaded.worker.tokenizerError ?? 'no tokenizer' }) : {}),
        crossOriginIsolated: deps.crossOriginIsolated ?? false,
        restoredChunks: loaded.restored,
        restoreMs: Math.round(loaded.restoreMs),
        ...(loaded.reembed ? { reembed: { ...loaded.reembed } } : {}),
        ...(storeReset ? { indexReset: storeReset } : {}),
      };
    },
    async pages(r) {
      const loaded = configure(r.model);
      const stored = await loaded.stored;
      const index = loaded.previous ?? loaded.index ?? stored;
      if (!index) return { total: 0, pages: [] };
      const q = r.query?.trim().toLowerCase();
      const all = index.listPages().filter((p) => !q || p.title.toLowerCase().includes(q) || p.url.toLowerCase().includes(q));
      all.sort((a, b) => b.visitedAt - a.visitedAt);
      return { total: all.length, pages: all.slice(0, r.limit ?? 500) };
    },
    async delete(r) {
      const loaded = configure(r.model);
      await loaded.stored;
      // Both indexes during a re-embed, so a deleted page cannot come back when it finishes.
      const out = { chunks: 0, urls: [] as string[] };
      const forgotten: Array<{ modelId: string; texts: string[] }> = [];
      for (const index of [loaded.previous, loaded.index]) {
        if (!index) continue;
        const r1 = remove(index, r.target);
        out.chunks += r1.chunks;
        out.urls = [...new Set([...out.urls, ...r1.urls])];
        forgotten.push({ modelId: index.modelId, texts: r1.texts });
      }
      // The cache holds vectors derived from the deleted pages: they go too, every model's for "everything".
      if (r.target.kind === 'all') storeReset = undefined;
      const forget = r.target.kind === 'all' ? cache.clear() : Promise.all(forgotten.map((f) => forgetVectors(f.modelId, f.texts)));
      await Promise.all([persist(loaded), forget]);
      return out;
    },
    async evict(r) {
      const loaded = configure(r.model);
      await loaded.stored;
      const index = loaded.previous ?? loaded.index;
      if (!index) return { chunks: 0, urls: [] };
      const { texts, ...out } = evict(index, r.before, r.maxChunks);
      // Quietly: the background must still learn which pages went, even if their cached vectors could not.
      if (out.chunks > 0) await Promise.all([persist(loaded), forgetVectorsQuietly(index.modelId, texts)]);
      return out;
    },
    async 'bench-embed'(r) {
      const t0 = performance.now();
      const worker = await createWorkerEmbedder(deps.spawnWorker, { ...loadOptionsOf(r.model), batchSize: 8 });
      const loadMs = performance.now() - t0;
      try {
        const rand = seededRandom(7);
        const words = ['cell', 'protein', 'study', 'patient', 'analysis', 'result', 'gene', 'effect', 'model', 'data', 'risk', 'treatment'];
        const texts = Array.from({ length: r.texts }, () => Array.from({ length: r.words }, () => words[Math.floor(rand() * words.length)]).join(' '));
        await worker.embed(texts.slice(0, 8));
        const rounds: number[] = [];
        for (let i = 0; i < r.rounds; i++) {
          const t = performance.now();
          await worker.embed(texts);
          rounds.push(texts.length / ((performance.now() - t) / 1000));
        }
        return { chunksPerSecond: quantile(rounds, 0.5), rounds, threads: worker.threads, loadMs };
      } finally {
        worker.dispose();
      }
    },
    async 'bench-search'(r) {
      const name = 'tabwise-index-bench';
      // Built, timed and saved in its own scope, so the restores below do not share the heap with it.
      const measured = async () => {
        const rand = seededRandom(r.chunks);
        const t = performance.now();
        const { index, vocab } = buildSyntheticIndex(r.chunks, rand);
        const buildMs = performance.now() - t;
        const times = timeSyntheticSearches(index, vocab, rand, r.queries);
        if (r.restore) {
          const db = await openIndexDb(name);
          await saveIndex(db, index).finally(() => db.close());
        }
        return { buildMs, p50: quantile(times, 0.5), p95: quantile(times, 0.95), mean: times.reduce((a, b) => a + b, 0) / times.length, modelId: index.modelId, dims: index.dims };
      };
      const { modelId, dims, ...result } = await measured();
      if (!r.restore) return result;
      // Restore as the engine does on start: read the records from IndexedDB, rebuild the Orama database.
      const db = await openIndexDb(name);
      try {
        const restores: number[] = [];
        const reads: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          const { timings } = await loadIndex(db, { modelId, dims });
          restores.push(performance.now() - t0);
          reads.push(timings?.readMs ?? 0);
        }
        return { ...result, restoreMs: quantile(restores, 0.5), restoreReadMs: quantile(reads, 0.5) };
      } finally {
        db.close();
        indexedDB.deleteDatabase(name);
      }
    },
  };

  return {
    handle(request) {
      const handler = handlers[request.type] as (r: OffscreenRequest) => Promise<never>;
      return handler(request);
    },
  };
}
