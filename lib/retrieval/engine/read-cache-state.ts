/**
 * The cache's bookkeeping (last sequence number, entry count), read inside a write transaction. Rebuilt from
 * the vectors when missing or unreadable: it is derived data, and a wrong count would evict too much or too
 * little.
 */
import type { CacheState, CacheWriteTx } from './embedding-cache-schema';

export async function readCacheState(tx: CacheWriteTx): Promise<CacheState> {
  const state = await tx.objectStore('meta').get('state');
  if (state && Number.isSafeInteger(state.seq) && Number.isSafeInteger(state.count) && state.count >= 0)
    return { ...state };
  const vectors = tx.objectStore('vectors');
  const [count, last] = await Promise.all([vectors.count(), vectors.index('bySeq').openKeyCursor(null, 'prev')]);
  return { count, seq: typeof last?.key === 'number' ? last.key : 0 };
}
