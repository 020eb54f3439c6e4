/**
 * Which embedder a search and an ingestion use, by the database's `model_state` (ingest/model-change.ts): the
 * active model's for queries (the previous one, kept loaded, while a change runs), and for a new document the
 * target's, plus the active one's while they differ. The state is one row, read at every call: a cached copy
 * would send queries to the old vectors for a moment after another instance dropped them.
 */
import type pg from 'pg';
import type { Embedder } from '../../retrieval/embedder-contract';
import { readModelState } from '../ingest/model-change';

export interface SearchModels {
  /** The configured model: what everything is moving to, and what new chunks are stamped with. */
  readonly target: Embedder;
  /** The embedder of the model searches read now. */
  active(): Promise<Embedder>;
  /** What a new document is embedded with: the target first, and the active model while they differ. */
  forIndexing(): Promise<Embedder[]>;
}

export function createSearchModels(pool: pg.Pool, target: Embedder, previous?: Embedder): SearchModels {
  const state = () => readModelState(pool);
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
