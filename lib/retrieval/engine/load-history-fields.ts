/**
 * Orama's load() for the index: the text and vector fields come back from their snapshots without
 * re-tokenising, after checking that every part agrees on the model's width and the number of chunks.
 */
import { createSparseIndex } from './sparse-index';
import { createVectorStore } from './vector-store';
import { RetrievalError } from '../retrieval-error';
import type { HistoryFields, HistoryIndexRaw, HistoryIndexStore } from './history-store-types';
import { markLive } from './live-slots';

/** How the index component makes a store and fills a filter field (Orama's default index does both). */
export interface FilterStoreOps {
  /** A new store with `fields` attached. */
  open(fields: HistoryFields): HistoryIndexStore;
  /** Adds slot `id − 1`'s value to one of the filter fields. */
  insertFilter(
    store: HistoryIndexStore,
    prop: 'domains' | 'visitedAt',
    id: number,
    value: string[] | number,
    count: number,
  ): void;
}

export function loadHistoryFields(raw: unknown, dims: number, ops: FilterStoreOps): HistoryIndexStore {
  const r = raw as HistoryIndexRaw;
  const sparse = createSparseIndex(r.sparse);
  const vectors = createVectorStore(dims, r.vectors);
  if (vectors.dims !== dims)
    throw new RetrievalError('model_mismatch', `stored vectors have ${vectors.dims} dims, index expects ${dims}`);
  const n = sparse.count;
  if (vectors.count !== n || r.live.length !== n || r.visitedAt.length !== n || r.domains.length !== n) {
    throw new RetrievalError('corrupt_snapshot', 'the text, vector and filter fields disagree on the number of chunks');
  }
  const store = ops.open({ sparse, vectors, live: new Uint8Array(Math.max(1024, n)) });
  // Orama's filter trees are rebuilt from two columns: cheaper to store, and as fast to restore.
  for (let slot = 0; slot < n; slot++) {
    if (!r.live[slot]) continue;
    markLive(store, slot, true);
    const id = slot + 1;
    ops.insertFilter(store, 'domains', id, r.domains[slot] ?? [], n);
    ops.insertFilter(store, 'visitedAt', id, r.visitedAt[slot]!, n);
  }
  return store;
}
