/**
 * The embedders an instance needs, by the database's model state: the configured model (registered, with its
 * HNSW index) and, while a change away from another model runs, that model too, for queries. Starts the change
 * (its re-embedding jobs) when this start is the one that made it, or when its jobs were lost.
 */
import type pg from 'pg';
import type { Embedder } from '../../retrieval/embedder-contract';
import type { TeamServerConfig } from '../config';
import { createSearchModels, type SearchModels } from '../search/search-models';
import { ensureModelIndex } from './ensure-model-index';
import type { IngestQueue } from './ingest-queue';
import { finishModelChangeIfDone, prepareModelState, queueReembedding } from './model-change';
import { loadServerEmbedder } from './server-embedder';

export interface LoadModelsOptions {
  pool: pg.Pool;
  config: TeamServerConfig['model'];
  /** Given (tests), else loaded from the configuration. */
  embedder?: Embedder;
  /** The model searches read while a change runs: given (tests), else loaded by its recorded id and dtype. */
  previousEmbedder?: Embedder;
  log: (line: string) => void;
}

export async function loadModels(options: LoadModelsOptions): Promise<SearchModels & { changing: boolean }> {
  const { pool, config, log } = options;
  const target = options.embedder ?? (await loadServerEmbedder(config));
  await ensureModelIndex(pool, target.modelId, target.dims);
  const state = await prepareModelState(pool, { id: target.modelId, dtype: config.dtype });
  const changing = state.active.id !== target.modelId;
  let previous: Embedder | undefined;
  if (changing) {
    previous =
      options.previousEmbedder ??
      (await loadServerEmbedder({ ...config, id: state.active.id, dtype: state.active.dtype as typeof config.dtype }));
    if (previous.modelId !== state.active.id)
      throw new Error(`searches read ${state.active.id}, but the previous embedder is ${previous.modelId}`);
    log(`team-server: moving from model ${state.active.id} to ${target.modelId}; searches read the old one meanwhile`);
  }
  return { ...createSearchModels(pool, target, previous), changing: changing && state.changed };
}

/** Queues the change's re-embedding when this start made it or none of its jobs are left; ends it if nothing is. */
export async function resumeModelChange(pool: pg.Pool, queue: IngestQueue, models: SearchModels, started: boolean) {
  const active = await models.active();
  if (active.modelId === models.target.modelId) return;
  if (started || (await queue.reembedPending()) === 0) await queueReembedding(pool, queue, models.target.modelId);
  await finishModelChangeIfDone(pool);
}
