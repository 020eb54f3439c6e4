/**
 * The engine's state for one embedding model: its index (restored, or created with the model's width),
 * its embedding worker once started, the load state the settings page shows, and a re-embed in progress.
 */
import type { Embedder } from '../embedder-contract';
import type { EmbeddingModelSettings } from '../index-settings';
import type { EngineStats } from '../offscreen-protocol';
import type { WorkerEmbedder } from './create-worker-embedder';
import type { HybridIndex } from './hybrid-index-types';

/** One model, two caches: passages are cached on disk, queries (not page data) only in memory. */
export interface Embedders {
  passages: Embedder;
  queries: Embedder;
}

export interface ModelSlot {
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

/** Stamped on chunks; createEmbedder uses the same default, so the index's model is known before loading it. */
export const modelIdOf = (model: EmbeddingModelSettings) => `${model.id}@${model.dtype}`;

/** The embedding worker's load options for a model setting. */
export const loadOptionsOf = (model: EmbeddingModelSettings) => ({
  model: model.id,
  dtype: model.dtype,
  allowRemote: model.allowRemote,
  ...(model.localModelUrl ? { modelBaseUrl: model.localModelUrl } : {}),
});
