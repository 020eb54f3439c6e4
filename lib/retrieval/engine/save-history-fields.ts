/**
 * What Orama's save() keeps of the index: the text and vector fields as they are, and per slot the two
 * filter columns (visit time, domains) instead of Orama's filter trees, which load() rebuilds from them.
 */
import type { HistoryDoc } from './history-schema';
import type { HistoryComponentsShared, HistoryIndexRaw, HistoryIndexStore } from './history-store-types';
import { isLive } from './live-slots';

export function saveHistoryFields(store: HistoryIndexStore, shared: HistoryComponentsShared): HistoryIndexRaw {
  const n = store.history.sparse.count;
  const live = new Uint8Array(n);
  const visitedAt = new Float64Array(n);
  const domains: string[][] = new Array<string[]>(n).fill([]);
  for (let slot = 0; slot < n; slot++) {
    const doc = shared.docs?.docs[slot + 1] as HistoryDoc | undefined;
    if (!doc || !isLive(store, slot)) continue;
    live[slot] = 1;
    visitedAt[slot] = doc.visitedAt;
    domains[slot] = doc.domains;
  }
  return {
    sparse: store.history.sparse.snapshot(),
    vectors: store.history.vectors.snapshot(),
    live,
    visitedAt,
    domains,
  };
}
