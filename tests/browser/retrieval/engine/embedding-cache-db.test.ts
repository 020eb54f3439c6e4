import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createIdbEmbeddingCacheStore,
  type IdbEmbeddingCacheStore,
} from '../../../../lib/retrieval/engine/embedding-cache-db';
import { decodeEmbedding, encodeEmbedding } from '../../../../lib/retrieval/engine/encode-embedding';
import { openEmbeddingCacheDb } from '../../../../lib/retrieval/engine/open-embedding-cache-db';
import { embeddingCacheKey, withEmbeddingCache } from '../../../../lib/retrieval/engine/embedding-cache';
import type { Embedder } from '../../../../lib/retrieval/embedder-contract';
import { seededRandom } from '../../../bench/retrieval/synthetic-index';

const DIMS = 16;
const rand = seededRandom(11);
const unit = () => {
  const v = Float32Array.from({ length: DIMS }, () => rand() - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

const names: string[] = [];
const stores: IdbEmbeddingCacheStore[] = [];
const dbName = () => {
  const n = `emb-cache-test-${Math.random().toString(36).slice(2)}`;
  names.push(n);
  return n;
};
const store = (name: string, maxEntries?: number) => {
  const s = createIdbEmbeddingCacheStore({ name, timeoutMs: 500, ...(maxEntries ? { maxEntries } : {}) });
  stores.push(s);
  return s;
};
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of stores.splice(0)) s.close();
  for (const n of names.splice(0)) indexedDB.deleteDatabase(n);
});

/** Raw keys in the vectors store, oldest sequence first. */
async function storedKeys(name: string): Promise<string[]> {
  const db = await openEmbeddingCacheDb(name);
  try {
    return await db.getAllKeysFromIndex('vectors', 'bySeq');
  } finally {
    db.close();
  }
}

/** An embedder that counts the texts it was asked for. */
function counting(): Embedder & { calls: string[] } {
  const calls: string[] = [];
  return {
    modelId: 'count@1',
    dims: DIMS,
    calls,
    async embed(texts) {
      calls.push(...texts);
      return texts.map(() => unit());
    },
  };
}

describe('IndexedDB embedding cache', () => {
  it('round-trips vectors (int8 + scale: re-quantising gives the same codes), misses what it lacks, and survives re-opening', async () => {
    const name = dbName();
    const a = store(name);
    const v1 = unit();
    const v2 = unit();
    await a.setMany([
      ['k1', v1],
      ['k2', v2],
    ]);
    const [g1, missing, g2] = await a.getMany(['k1', 'nope', 'k2']);
    expect(missing).toBeUndefined();
    const step = encodeEmbedding(v1).scale;
    for (let i = 0; i < DIMS; i++) expect(Math.abs(g1![i]! - v1[i]!)).toBeLessThanOrEqual(step / 2 + 1e-7);
    expect(encodeEmbedding(g2!).codes).toEqual(encodeEmbedding(v2).codes);
    // A new store (a new offscreen document) on the same database.
    a.close();
    const b = store(name);
    const [again] = await b.getMany(['k2']);
    expect(again).toEqual(g2);
  });

  it('keeps at most maxEntries, dropping the oldest; a hit renews an old entry', async () => {
    const name = dbName();
    const s = store(name, 4);
    for (const k of ['a', 'b', 'c', 'd']) await s.setMany([[k, unit()]]);
    // 'a' is in the older half: reading it renews it, so 'b' is the oldest now.
    expect((await s.getMany(['a']))[0]).toBeInstanceOf(Float32Array);
    await s.setMany([['e', unit()]]);
    expect(await storedKeys(name)).toEqual(['c', 'd', 'a', 'e']);
    // A batch bigger than the bound keeps its newest entries; re-writing a key does not count twice.
    await s.setMany([['e', unit()]]);
    expect((await storedKeys(name)).length).toBe(4);
    await s.setMany(Array.from({ length: 6 }, (_, i): [string, Float32Array] => [`n${i}`, unit()]));
    expect(await storedKeys(name)).toEqual(['n2', 'n3', 'n4', 'n5']);
    await s.deleteMany(['n2', 'missing']);
    await s.setMany([['z', unit()]]);
    expect(await storedKeys(name)).toEqual(['n3', 'n4', 'n5', 'z']);
  });

  it('reads a corrupt entry as a miss, and the embedder overwrites it', async () => {
    const name = dbName();
    const s = store(name);
    const embedder = counting();
    const cached = withEmbeddingCache(embedder, s);
    const texts = ['not an object', 'floats, not codes', 'no scale', 'too short', 'fine'];
    const keys = await Promise.all(texts.map((t) => embeddingCacheKey(embedder.modelId, t)));
    const db = await openEmbeddingCacheDb(name);
    await db.put('vectors', 42 as never, keys[0]!);
    await db.put('vectors', { codes: new Float32Array(DIMS), scale: 1, seq: 1 } as never, keys[1]!);
    await db.put('vectors', { codes: new Int8Array(DIMS), scale: Number.NaN, seq: 2 }, keys[2]!);
    await db.put('vectors', { codes: new Int8Array(DIMS - 1), scale: 0.01, seq: 3 }, keys[3]!);
    await db.put('vectors', { ...encodeEmbedding(unit()), seq: 4 }, keys[4]!);
    db.close();
    expect(decodeEmbedding(42)).toBeUndefined();
    const out = await cached.embed(texts);
    expect(embedder.calls).toEqual(texts.slice(0, 4));
    expect(out.every((v) => v.length === DIMS)).toBe(true);
    // Overwritten with good vectors: a second pass embeds nothing.
    await cached.embed(texts);
    expect(embedder.calls).toHaveLength(4);
  });

  it('degrades to no cache when IndexedDB fails, and says so; a deletion it cannot do is reported', async () => {
    const name = dbName();
    // A newer version of the database, held open by a connection that never closes: opening, and deleting
    // to start over, both fail.
    const newer = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name, 99);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const embedder = counting();
    const s = store(name);
    const cached = withEmbeddingCache(embedder, s);
    await cached.embed(['one', 'two']);
    await cached.embed(['one']);
    expect(embedder.calls).toEqual(['one', 'two', 'one']);
    expect(errors).toHaveBeenCalled();
    await expect(s.clear()).rejects.toThrow(/could not delete the embedding cache/);
    // Until the cache could be deleted, every deletion fails, even one of nothing (a retried delete of a page).
    await expect(s.deleteMany([])).rejects.toThrow(/could not delete the embedding cache/);
    newer.close();
    await s.deleteMany([]);
    await cached.embed(['one']);
    await cached.embed(['one']);
    expect(embedder.calls).toEqual(['one', 'two', 'one', 'one']);
  });
});
