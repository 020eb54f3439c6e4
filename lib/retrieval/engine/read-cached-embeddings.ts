/**
 * Reads cached vectors; a hit on an entry in the older half of the sequence renews it (a new sequence
 * number), so eviction, which walks the sequence from its start, drops about the least recently used.
 * Never throws: a failed read is all misses, a failed renewal is only logged.
 */
import type { CacheDb, StoredEmbedding } from './embedding-cache-schema';
import { decodeEmbedding } from './encode-embedding';
import { readCacheState } from './read-cache-state';

/** `renewAfter`: hits older than this many writes are renewed. */
export async function readCachedEmbeddings(
  db: CacheDb,
  keys: string[],
  renewAfter: number,
): Promise<Array<Float32Array | undefined>> {
  let records: Array<StoredEmbedding | undefined>;
  let seq: number;
  try {
    const tx = db.transaction(['vectors', 'meta'], 'readonly');
    const vectors = tx.objectStore('vectors');
    const [state, found] = await Promise.all([
      tx.objectStore('meta').get('state'),
      Promise.all(keys.map((k) => vectors.get(k))),
      tx.done,
    ]);
    records = found;
    seq = typeof state?.seq === 'number' ? state.seq : 0;
  } catch (error) {
    console.error('Tabwise: reading the embedding cache failed', error);
    return keys.map((): Float32Array | undefined => undefined);
  }
  // An unreadable record is a miss; the fresh vector then overwrites it.
  const out = records.map(decodeEmbedding);
  const stale = keys.filter((k, i) => out[i] && !(records[i]!.seq > seq - renewAfter));
  if (stale.length > 0) {
    try {
      await renew(db, [...new Set(stale)]);
    } catch (error) {
      console.error('Tabwise: renewing embedding cache entries failed', error);
    }
  }
  return out;
}

/** Gives each still-readable entry of `keys` a new sequence number (a write of its own, after the read). */
async function renew(db: CacheDb, keys: string[]): Promise<void> {
  const tx = db.transaction(['vectors', 'meta'], 'readwrite');
  const vectors = tx.objectStore('vectors');
  const state = await readCacheState(tx);
  const records = await Promise.all(keys.map((k) => vectors.get(k)));
  const writes: Array<Promise<unknown>> = [];
  records.forEach((r, i) => {
    if (decodeEmbedding(r)) writes.push(vectors.put({ codes: r!.codes, scale: r!.scale, seq: ++state.seq }, keys[i]!));
  });
  writes.push(tx.objectStore('meta').put(state, 'state'));
  await Promise.all([...writes, tx.done]);
}
