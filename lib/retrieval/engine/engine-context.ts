/** What the engine's modules share: its host's parts, its stores, and the model slot in use. */
import type { WorkerLike } from './create-worker-embedder';
import type { EmbeddingCacheStore } from './embedding-cache';
import type { IndexDatabase } from './index-persistence';
import type { ModelSlot } from './model-slot';
import type { SearchRecorder } from './trace-search';

export interface EngineContext {
  /** Starts a fresh embedding worker. */
  readonly spawnWorker: () => WorkerLike;
  readonly crossOriginIsolated: boolean;
  readonly db: Promise<IndexDatabase>;
  /** Passage vectors: a memory layer before the persistent store. */
  readonly cache: EmbeddingCacheStore;
  /** The memory layer alone: query vectors (not page data) go only here. */
  readonly recent: EmbeddingCacheStore;
  /** Saves the slot's index, debounced; resolves once this change is on disk (see createIndexSaver). */
  readonly persist: (slot: ModelSlot) => Promise<void>;
  /** The slot of the model the last request named; work for another slot stops when it changes. */
  current?: ModelSlot;
  /** Approximate bytes of the last saved index (0 before the first save). */
  savedBytes: number;
  /** Set when a damaged stored index was cleared on start (shown in stats until everything is forgotten). */
  storeReset?: string;
  /** Keeps each search's trace (timings, hits, the query hashed) for Settings → Performance. */
  readonly recordSearch?: SearchRecorder;
  readonly now?: () => number;
}
