import { describe, expect, it } from 'vitest';
import { createChunkTextStore } from '../../../../lib/retrieval/engine/chunk-text-store';
import { createHybridIndex } from '../../../../lib/retrieval/engine/hybrid-index';

/** A backing store as IndexedDB would be: what saves wrote. */
function disk() {
  const stored = new Map<string, string[]>();
  const reads: string[] = [];
  return {
    stored,
    reads,
    read: async (key: string) => (reads.push(key), stored.get(key)),
    write(c: { full: boolean; put: Map<string, string[]>; deleted: string[] }) {
      if (c.full) stored.clear();
      for (const [k, v] of c.put) stored.set(k, v);
      for (const k of c.deleted) stored.delete(k);
    },
  };
}

describe('the chunk text store', () => {
  it('keeps pages in memory until saved, then reads them back from the backing store', async () => {
    const d = disk();
    const store = createChunkTextStore(d.read);
    store.put('a', ['one', 'two']);
    store.put('b', ['three']);
    expect(store.resident).toBe(2);
    const c = store.changes();
    expect(c.full).toBe(true);
    d.write(c);
    store.saved(c);
    expect(store.resident).toBe(0);
    expect(await store.read('a')).toEqual(['one', 'two']);
    expect(d.reads).toEqual(['a']);
  });

  it('a page captured again during a save keeps its newer texts; one deleted during a save goes at the next', async () => {
    const d = disk();
    const store = createChunkTextStore(d.read);
    store.put('a', ['old a']);
    store.put('b', ['b']);
    const first = store.changes();
    store.put('a', ['new a']);
    store.delete('b');
    d.write(first);
    store.saved(first);
    expect(await store.read('a')).toEqual(['new a']);
    expect(d.stored.get('b')).toEqual(['b']);
    const second = store.changes();
    expect(second.full).toBe(false);
    expect(second.deleted).toEqual(['b']);
    d.write(second);
    store.saved(second);
    expect([...d.stored]).toEqual([['a', ['new a']]]);
    expect(store.resident).toBe(0);
  });

  it('clear() during a save makes the next save replace everything', () => {
    const d = disk();
    const store = createChunkTextStore(d.read, undefined, true);
    expect(store.changes().full).toBe(false);
    store.put('a', ['a']);
    const c = store.changes();
    store.clear();
    d.write(c);
    store.saved(c);
    expect(store.changes().full).toBe(true);
  });

  it('without a backing store every text stays in memory and every save writes them all', () => {
    const store = createChunkTextStore();
    store.put('a', ['a']);
    const c = store.changes();
    store.saved(c);
    expect(store.peek('a')).toEqual(['a']);
    expect(store.changes()).toMatchObject({ full: true, deleted: [] });
    store.delete('a');
    expect(store.changes().deleted).toEqual([]);
  });
});

describe("the hybrid index's texts", () => {
  const v = (i: number) => Float32Array.from([0, 1, 2].map((d) => (d === i ? 1 : 0)));
  const page = (n: number) => ({ url: `https://t.test/${n}`, title: `T${n}`, visitedAt: n });

  it('a search answers without texts; readTexts reads the hits kept, once per page, after their page was saved', async () => {
    const d = disk();
    const index = createHybridIndex({ modelId: 'm', dims: 3, texts: d.read });
    index.addPage(page(1), [
      { text: 'apples grow on trees', headingPath: ['Fruit'], vector: v(0) },
      { text: 'apples and pears', headingPath: ['Fruit', 'More'], vector: v(1) },
    ]);
    index.addPage(page(2), [{ text: 'carrots grow underground', headingPath: [], vector: v(2) }]);
    const c = index.texts.changes();
    d.write(c);
    index.texts.saved(c);
    expect(index.texts.resident).toBe(0);
    const hits = index.search({ text: 'apples grow' });
    expect(hits.map((h) => h.chunk.headingPath)).toEqual([['Fruit'], [], ['Fruit', 'More']]);
    expect('text' in hits[0]!.chunk).toBe(false);
    expect(await index.readTexts(hits.map((h) => h.chunk))).toEqual([
      'apples grow on trees',
      'carrots grow underground',
      'apples and pears',
    ]);
    expect(d.reads.sort()).toEqual(['https://t.test/1', 'https://t.test/2']);
    expect(await index.pageChunks('https://t.test/1')).toEqual([
      { text: 'apples grow on trees', headingPath: ['Fruit'] },
      { text: 'apples and pears', headingPath: ['Fruit', 'More'] },
    ]);
  });

  it('a page missing from the backing store is reported as a damaged index', async () => {
    const index = createHybridIndex({ modelId: 'm', dims: 3, texts: async () => undefined });
    index.addPage(page(1), [{ text: 'alpha', headingPath: [], vector: v(0) }]);
    const c = index.texts.changes();
    index.texts.saved(c);
    await expect(index.readTexts(index.search({ text: 'alpha' }).map((h) => h.chunk))).rejects.toThrow(
      /texts of https:\/\/t.test\/1 are missing/,
    );
  });

  it("a deleted page's texts leave the store, and its postings leave the next snapshot", () => {
    const index = createHybridIndex({ modelId: 'm', dims: 3 });
    index.addPage(page(1), [{ text: 'alpha beta gamma', headingPath: [], vector: v(0) }]);
    index.addPage(page(2), [{ text: 'delta', headingPath: [], vector: v(1) }]);
    const before = index.snapshot().sparse.postings.length;
    index.deletePage('https://t.test/1');
    expect(index.texts.peek('https://t.test/1')).toBeUndefined();
    const snap = index.snapshot();
    // Its title's word and its three words.
    expect(snap.sparse.postings.length).toBe(before - 4);
    expect(snap.texts).toEqual(['delta']);
    expect(index.textChars).toBe(5);
  });

  it('restoring a snapshot without texts needs the store that holds them', () => {
    const index = createHybridIndex({ modelId: 'm', dims: 3, texts: async () => undefined });
    index.addPage(page(1), [{ text: 'alpha', headingPath: [], vector: v(0) }]);
    const snap = index.snapshot();
    expect(snap.texts).toBeUndefined();
    expect(() => createHybridIndex({ modelId: 'm', dims: 3 }, snap)).toThrow(/needs the store/);
    expect(createHybridIndex({ modelId: 'm', dims: 3, texts: async () => ['alpha'] }, snap).size).toBe(1);
  });
});
