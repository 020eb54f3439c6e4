/**
 * Deletes the entries of `keys` that are present, with the bookkeeping, in one transaction. Rejects on
 * failure: the caller must then clear the whole cache, as a deletion the user asked for must not be
 * reported done while the vectors are still on disk.
 */
import type { CacheDb } from './embedding-cache-schema';
import { presentKeys } from './present-keys';
import { readCacheState } from './read-cache-state';

export async function deleteCachedEmbeddings(db: CacheDb, keys: string[]): Promise<void> {
  const tx = db.transaction(['vectors', 'meta'], 'readwrite');
  const vectors = tx.objectStore('vectors');
  const state = await readCacheState(tx);
  const present = await presentKeys(vectors, keys);
  const writes: Array<Promise<unknown>> = [];
  for (const key of present) writes.push(vectors.delete(key));
  state.count -= present.size;
  writes.push(tx.objectStore('meta').put(state, 'state'));
  await Promise.all([...writes, tx.done]);
}
