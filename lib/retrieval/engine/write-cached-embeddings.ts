/**
 * Writes vectors (encoded as int8, each with a new sequence number) and evicts the oldest past
 * `maxEntries`, in one transaction with the bookkeeping. Never throws: a failed write is only logged, the
 * embedding path goes on without it.
 */
import type { CacheDb } from './embedding-cache-schema';
import { encodeEmbedding } from './encode-embedding';
import { presentKeys } from './present-keys';
import { readCacheState } from './read-cache-state';

export async function writeCachedEmbeddings(
  db: CacheDb,
  entries: Array<[string, Float32Array]>,
  maxEntries: number,
): Promise<void> {
  const unique = new Map(entries);
  try {
    const tx = db.transaction(['vectors', 'meta'], 'readwrite');
    const vectors = tx.objectStore('vectors');
    const state = await readCacheState(tx);
    const present = await presentKeys(vectors, unique.keys());
    const writes: Array<Promise<unknown>> = [];
    for (const [key, vector] of unique) {
      if (!present.has(key)) state.count++;
      writes.push(vectors.put({ ...encodeEmbedding(vector), seq: ++state.seq }, key));
    }
    // Oldest first, from the start of the sequence index: only as many steps as entries to drop.
    if (state.count > maxEntries) {
      let cursor = await vectors.index('bySeq').openKeyCursor();
      while (cursor && state.count > maxEntries) {
        writes.push(vectors.delete(cursor.primaryKey));
        state.count--;
        cursor = await cursor.continue();
      }
    }
    writes.push(tx.objectStore('meta').put(state, 'state'));
    await Promise.all([...writes, tx.done]);
  } catch (error) {
    console.error('Tabwise: writing the embedding cache failed', error);
  }
}
