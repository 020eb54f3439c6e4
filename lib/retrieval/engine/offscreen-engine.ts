/**
 * The retrieval engine as the offscreen document hosts it: the hybrid index restored from IndexedDB
 * (configure-model), the embedder in a Web Worker (embedders-of), re-embedding after a model change
 * (reembed-index), debounced persistence (create-index-saver) and the request handlers of
 * offscreen-protocol (create-engine-handlers). No extension APIs here: serve-offscreen-engine.ts
 * connects it to chrome.runtime.
 */
import type { WorkerLike } from './create-worker-embedder';
import { createEngineHandlers, type EngineHandlers } from './create-engine-handlers';
import { createIndexSaver } from './create-index-saver';
import { createIdbEmbeddingCacheStore } from './embedding-cache-db';
import {
  createMemoryEmbeddingCacheStore,
  layeredEmbeddingCacheStore,
  type EmbeddingCacheStore,
} from './embedding-cache';
import type { EngineContext } from './engine-context';
import { openIndexDb, type IndexDatabase } from './index-persistence';
import { createSearchTraceStore } from '../search-trace-store';
import type { SearchRecorder } from './trace-search';

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
  /** Where each search's trace goes. Default: IndexedDB 'tabwise-traces' (read by the background). */
  recordSearch?: SearchRecorder;
}

/** The engine: one method per request name of the offscreen protocol but readDocument (lib/documents answers it). */
export type OffscreenEngine = Omit<EngineHandlers, 'readDocument'>;
/** Everything the offscreen document answers. */
export type OffscreenHandlers = EngineHandlers;

/** Creates the engine; nothing is loaded until the first request names a model. */
export function createOffscreenEngine(deps: OffscreenEngineDeps): OffscreenEngine {
  const db = (deps.openDb ?? (() => openIndexDb()))();
  // Passage vectors: a small memory layer before IndexedDB (see forget-vectors for why deletions follow
  // the index). Query vectors only ever go to the memory layer.
  const recent = createMemoryEmbeddingCacheStore(5_000);
  const ctx: EngineContext = {
    spawnWorker: deps.spawnWorker,
    crossOriginIsolated: deps.crossOriginIsolated ?? false,
    db,
    recent,
    cache: layeredEmbeddingCacheStore(recent, deps.embeddingCache ?? createIdbEmbeddingCacheStore()),
    persist: createIndexSaver({
      db,
      delayMs: deps.saveDelayMs ?? 400,
      now: deps.now ?? Date.now,
      onSaved: (bytes) => (ctx.savedBytes = bytes),
    }),
    savedBytes: 0,
    recordSearch:
      deps.recordSearch ??
      (
        (store) => (trace) =>
          store.add(trace)
      )(createSearchTraceStore()),
    now: deps.now ?? (() => performance.now() + performance.timeOrigin),
  };
  return createEngineHandlers(ctx);
}
