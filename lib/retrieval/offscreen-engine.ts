/**
 * The retrieval engine as the offscreen document hosts it: the hybrid index restored from IndexedDB,
 * the embedder in a Web Worker, debounced persistence, and the request handlers of offscreen-protocol.
 * No extension APIs here (serve-offscreen-engine.ts connects it to chrome.runtime).
 */
import { chunkText } from './chunk-text';
import { domainMatches } from './domain-of';
import { createMemoryEmbeddingCacheStore, withEmbeddingCache } from './embedding-cache';
import type { Embedder } from './embedder';
import { createWorkerEmbedder, type WorkerEmbedder, type WorkerLike } from './create-worker-embedder';
import { createHybridIndex, pageKeyOf, type HybridIndex, type PageSummary } from './hybrid-index';
import type { EmbeddingModelSettings } from './index-settings';
import { loadIndex, loadStoredIndex, openIndexDb, saveIndex, type IndexDatabase } from './index-persistence';
import type { CapturedPage, DeleteTarget, EngineStats, OffscreenRequest, OffscreenResponses } from './offscreen-protocol';
import { searchHistory } from './search-history';
import { buildSyntheticIndex, quantile, seededRandom, timeSyntheticSearches } from './synthetic-index';

/** What the engine needs from its host. */
export interface OffscreenEngineDeps {
  /** Starts a fresh embedding worker (the bundler resolves its URL, so the host passes it in). */
  spawnWorker: () => WorkerLike;
  openDb?: () => Promise<IndexDatabase>;
  /** Coalesces saves of bursts of changes. Default 400 ms. */
  saveDelayMs?: number;
  crossOriginIsolated?: boolean;
  now?: () => number;
}

/** The engine: one method per request type of the offscreen protocol. */
export interface OffscreenEngine {
  handle<R extends OffscreenRequest>(request: R): Promise<OffscreenResponses[R['type']]>;
}

/** Chunking defaults of the issue: 256 tokens, 32 overlap. */
const CHUNKING = { maxTokens: 256, overlapTokens: 32 };

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
  embedder?: Promise<Embedder>;
  worker?: WorkerEmbedder;
  status: EngineStats['model'];
  error?: string;
  restored: number;
  restoreMs: number;
  /** The index of the previous model while it is re-embedded (searched, text only, until the new one is complete). */
  previous?: HybridIndex;
  reembed?: { done: number; total: number; from: string };
  reembedding?: Promise<void>;
}

/** Creates the engine; nothing is loaded until the first request names a model. */
export function createOffscreenEngine(deps: OffscreenEngineDeps): OffscreenEngine {
  const now = deps.now ?? Date.now;
  const db = (deps.openDb ?? (() => openIndexDb()))();
  const cache = createMemoryEmbeddingCacheStore();
  let current: Loaded | undefined;
  let savedBytes = 0;

  function configure(model: EmbeddingModelSettings): Loaded {
    const key = JSON.stringify([model.id, model.dtype, model.localModelUrl ?? '', model.allowRemote]);
    if (current?.key === key) return current;
    current?.worker?.dispose();
    const started = performance.now();
    const loaded: Loaded = { key, model, status: 'idle', restored: 0, restoreMs: 0, stored: Promise.resolve(undefined) };
    loaded.stored = (async () => {
      const { index, storedModel } = await loadStoredIndex(await db, modelIdOf(model));
      loaded.restoreMs = performance.now() - started;
      loaded.restored = index?.size ?? 0;
      if (index) loaded.index ??= index;
      else if (storedModel) {
        // Another model wrote the stored index: keep it searchable and re-embed its pages in the background.
        loaded.previous = (await loadIndex(await db, storedModel)).index;
        if (loaded.previous.pageCount > 0) loaded.reembedding = reembed(loaded, loaded.previous);
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
    try {
      const embedder = await embedderOf(loaded);
      const index = (loaded.index ??= createHybridIndex({ modelId: embedder.modelId, dims: embedder.dims }));
      const have = new Set(index.listPages().map((p) => p.url));
      for (const page of pages) {
        if (current !== loaded) return;
        const chunks = old.pageChunks(page.url);
        // Skipped: captured again since the model change (already in the new index, newer), or deleted meanwhile.
        if (!have.has(page.url) && chunks.length > 0) {
          const vectors = await embedder.embed(chunks.map((c) => (c.headingPath.length ? `${c.headingPath.join(' > ')}\n${c.text}` : c.text)));
          if (!index.listPages().some((p) => p.url === page.url)) {
            index.addPage({ url: page.url, title: page.title, visitedAt: page.visitedAt, domain: page.domain }, chunks.map((c, i) => ({ ...c, vector: vectors[i]! })));
          }
        }
        loaded.reembed.done++;
      }
      loaded.previous = undefined;
      loaded.reembed = undefined;
      await persist(loaded);
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
    const e = await embedderOf(loaded);
    return (loaded.index ??= createHybridIndex({ modelId: e.modelId, dims: e.dims }));
  }

  function embedderOf(loaded: Loaded): Promise<Embedder> {
    if (!loaded.embedder) {
      loaded.status = 'loading';
      loaded.embedder = createWorkerEmbedder(deps.spawnWorker, loadOptionsOf(loaded.model)).then(
        (w) => {
          loaded.worker = w;
          loaded.status = 'ready';
          if (current !== loaded) w.dispose();
          return withEmbeddingCache(w, cache);
        },
        (error: unknown) => {
          loaded.status = 'failed';
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
    const embedder = await embedderOf(loaded);
    const index = await indexOf(loaded);
    const indexed: OffscreenResponses['ingest']['indexed'] = [];
    for (const page of pages) {
      const chunks = chunkText(page.text, CHUNKING);
      if (chunks.length === 0) {
        index.deletePage(page.url);
        indexed.push({ url: pageKeyOf(page.url), chunks: 0 });
        continue;
      }
      // The heading path is embedded with the text: "Install > Linux" is context a bare paragraph lacks.
      const vectors = await embedder.embed(chunks.map((c) => (c.headingPath.length ? `${c.headingPath.join(' > ')}\n${c.text}` : c.text)));
      // addPage replaces an earlier capture of the URL, so a batch re-sent after a crash is not indexed twice.
      index.addPage({ url: page.url, title: page.title, visitedAt: page.visitedAt }, chunks.map((c, i) => ({ text: c.text, headingPath: c.headingPath, vector: vectors[i]! })));
      indexed.push({ url: pageKeyOf(page.url), chunks: chunks.length });
    }
    await persist(loaded);
    return { indexed };
  }

  function remove(index: HybridIndex, target: DeleteTarget): { chunks: number; urls: string[] } {
    const pages = index.listPages();
    const hit = (p: PageSummary) =>
      target.kind === 'all' ||
      (target.kind === 'page' && p.url === pageKeyOf(target.url)) ||
      (target.kind === 'domain' && domainMatches(p.domain, target.domain)) ||
      (target.kind === 'range' && p.visitedAt >= target.since && p.visitedAt <= target.until);
    const urls = pages.filter(hit).map((p) => p.url);
    let chunks = 0;
    if (target.kind === 'all') {
      chunks = index.size;
      index.clear();
    } else for (const u of urls) chunks += index.deletePage(u);
    return { chunks, urls };
  }

  function evict(index: HybridIndex, before: number, maxChunks: number): { chunks: number; urls: string[] } {
    const old = remove(index, { kind: 'range', since: -Infinity, until: before - 1 });
    if (index.size <= maxChunks) return old;
    // Oldest first until the cap holds.
    const pages = index.listPages().sort((a, b) => a.visitedAt - b.visitedAt);
    for (const p of pages) {
      if (index.size <= maxChunks) break;
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
          embedder = await embedderOf(loaded);
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
        ...(loaded.error ? { modelError: loaded.error } : {}),
        threads: loaded.worker?.threads ?? 0,
        crossOriginIsolated: deps.crossOriginIsolated ?? false,
        restoredChunks: loaded.restored,
        restoreMs: Math.round(loaded.restoreMs),
        ...(loaded.reembed ? { reembed: { ...loaded.reembed } } : {}),
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
      for (const index of [loaded.previous, loaded.index]) {
        if (!index) continue;
        const r1 = remove(index, r.target);
        out.chunks += r1.chunks;
        out.urls = [...new Set([...out.urls, ...r1.urls])];
      }
      await persist(loaded);
      return out;
    },
    async evict(r) {
      const loaded = configure(r.model);
      await loaded.stored;
      const index = loaded.previous ?? loaded.index;
      if (!index) return { chunks: 0, urls: [] };
      const out = evict(index, r.before, r.maxChunks);
      if (out.chunks > 0) await persist(loaded);
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
      const rand = seededRandom(r.chunks);
      const t = performance.now();
      const { index, vocab } = buildSyntheticIndex(r.chunks, rand);
      const buildMs = performance.now() - t;
      const times = timeSyntheticSearches(index, vocab, rand, r.queries);
      return { buildMs, p50: quantile(times, 0.5), p95: quantile(times, 0.95), mean: times.reduce((a, b) => a + b, 0) / times.length };
    },
  };

  return {
    handle(request) {
      const handler = handlers[request.type] as (r: OffscreenRequest) => Promise<never>;
      return handler(request);
    },
  };
}
