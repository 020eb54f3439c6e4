/**
 * Which embedder a search and an ingestion use, by the database's `model_state` (ingest/model-change.ts): the
 * active model's for queries (the previous one, kept loaded, while a change runs), and for a new document the
 * target's, plus the active one's while they differ. The state is one row. `active()` reads it; a search starts
 * from `lastActive()`, the state as last read, and checks it in its own transaction (run-search.ts): a search that
 * finds the model changed meanwhile rolls back and starts again from `active()`, so no answer comes from vectors
 * another instance has dropped, and a search costs no read of the state of its own.
 */
import type pg from 'pg';
import type { Embedder } from '../../retrieval/embedder-contract';
import { readModelState } from '../ingest/model-change';

export interface SearchModels {
  /** The configured model: what everything is moving to, and what new chunks are stamped with. */
  readonly target: Embedder;
  /** The embedder of the model searches read now. */
  active(): Promise<Embedder>;
  /** The embedder `active()` last answered (read once if it never has): to be checked where it is used. */
  lastActive(): Promise<Embedder>;
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
  let last: Promise<Embedder> | undefined;
  const active = () => {
    const read = state().then((s) => byId(s.active.id));
    // A failed read is not remembered: the next search reads again.
    last = read.catch((error: unknown) => {
      last = undefined;
      throw error;
    });
    return read;
  };
  return {
    target,
    active,
    lastActive: () => last ?? active(),
    async forIndexing() {
      const active = (await state()).active.id;
      return active === target.modelId ? [target] : [target, byId(active)];
    },
  };
}
