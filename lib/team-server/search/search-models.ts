/**
 * Which embedder a search and an ingestion use, by the database's `model_state` (ingest/model-change.ts): the
 * active model's for queries (the previous one, kept loaded, while a change runs), and for a new document the
 * target's, plus the active one's while they differ. The state is re-read at most once a second.
 */
import type pg from 'pg';
import type { Embedder } from '../../retrieval/embedder-contract';
import { readModelState, type ModelState } from '../ingest/model-change';

export interface SearchModels {
  /** The configured model: what everything is moving to, and what new chunks are stamped with. */
  readonly target: Embedder;
  /** The embedder of the model searches read now. */
  active(): Promise<Embedder>;
  /** What a new document is embedded with: the target first, and the active model while they differ. */
  forIndexing(): Promise<Embedder[]>;
}

export function createSearchModels(pool: pg.Pool, target: Embedder, previous?: Embedder): SearchModels {
  let cached: { state: ModelState; at: number } | undefined;
  const state = async () => {
    if (!cached || Date.now() - cached.at > 1000) cached = { state: await readModelState(pool), at: Date.now() };
    return cached.state;
  };
  const byId = (id: string) => {
    if (id === target.modelId) return target;
    if (previous && id === previous.modelId) return previous;
    throw new Error(`searches read model ${id}, which this instance has not loaded`);
  };
  return {
    target,
    active: async () => byId((await state()).active.id),
    async forIndexing() {
      const active = (await state()).active.id;
      return active === target.modelId ? [target] : [target, byId(active)];
    },
  };
}
