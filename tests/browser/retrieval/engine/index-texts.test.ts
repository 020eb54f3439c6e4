/**
 * Chunk texts in real IndexedDB: a restored index holds none of them in memory, a search reads the texts of the
 * passages it returns, a deleted page's texts leave the store, and an index stored before texts were kept by
 * page (version 1: texts in segments) is read as it was and moved at its next save.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHybridIndex } from '../../../../lib/retrieval/engine/hybrid-index';
import {
  loadIndex,
  openIndexDb,
  saveIndex,
  type IndexDatabase,
} from '../../../../lib/retrieval/engine/index-persistence';
import { searchHistory } from '../../../../lib/retrieval/engine/search-history';

const OPTIONS = { modelId: 'texts@fp32', dims: 3 };
const v = (i: number) => Float32Array.from([0, 1, 2].map((d) => (d === i ? 1 : 0)));
let name = '';
let db: IndexDatabase | undefined;

async function fresh(): Promise<IndexDatabase> {
  name = `tabwise-index-texts-${Math.random().toString(36).slice(2)}`;
  return (db = await openIndexDb(name));
}

function sample() {
  const index = createHybridIndex(OPTIONS);
  index.addPage({ url: 'https://a.test/octopus', title: 'Octopus', visitedAt: 1, lang: 'en' }, [
    { text: 'Octopuses have three hearts and blue blood.', headingPath: ['Body'], vector: v(0) },
    { text: 'Octopuses can unscrew the lids of jars from the inside.', headingPath: ['Mind'], vector: v(1) },
  ]);
  index.addPage({ url: 'https://b.test/bread', title: 'Bread', visitedAt: 2, lang: 'en' }, [
    { text: 'A sourdough starter leavens bread without commercial yeast.', headingPath: [], vector: v(2) },
  ]);
  return index;
}

afterEach(() => {
  db?.close();
  indexedDB.deleteDatabase(name);
});

describe('chunk texts stored by page', () => {
  it('a restored index reads the texts of the passages a search returns from IndexedDB, not from memory', async () => {
    const store = await fresh();
    await saveIndex(store, sample());
    expect((await store.getAllKeys('pages')).sort()).toEqual(['https://a.test/octopus', 'https://b.test/bread']);
    const { index } = await loadIndex(store, OPTIONS);
    expect(index.size).toBe(3);
    expect(index.texts.resident).toBe(0);
    const [top] = await searchHistory(index, undefined, { query: 'unscrew jar lids', mode: 'sparse' });
    expect(top).toMatchObject({
      url: 'https://a.test/octopus',
      headingPath: ['Mind'],
      text: 'Octopuses can unscrew the lids of jars from the inside.',
      chunkId: 'https://a.test/octopus#1',
    });
    expect(top!.snippet).toContain('unscrew');
    expect(top!.fragmentUrl).toMatch(/#:~:text=/);
    // Reading did not bring the page back into memory.
    expect(index.texts.resident).toBe(0);
  });

  it("a page added after the restore waits in memory until saved; a deleted page's texts leave the store", async () => {
    const store = await fresh();
    await saveIndex(store, sample());
    const { index } = await loadIndex(store, OPTIONS);
    index.addPage({ url: 'https://c.test/tides', title: 'Tides', visitedAt: 3 }, [
      { text: 'Tides follow the moon.', headingPath: [], vector: v(0) },
    ]);
    expect(index.texts.resident).toBe(1);
    expect(await index.pageChunks('https://a.test/octopus')).toHaveLength(2);
    index.deletePage('https://a.test/octopus');
    await saveIndex(store, index);
    expect(index.texts.resident).toBe(0);
    expect((await store.getAllKeys('pages')).sort()).toEqual(['https://b.test/bread', 'https://c.test/tides']);
    const again = (await loadIndex(store, OPTIONS)).index;
    const hits = await searchHistory(again, undefined, { query: 'moon tides', mode: 'sparse' });
    expect(hits.map((h) => h.text)).toEqual(['Tides follow the moon.']);
    expect(await searchHistory(again, undefined, { query: 'octopus hearts', mode: 'sparse' })).toEqual([]);
  });

  it('a page whose texts are missing makes the stored index damaged (the engine then resets it)', async () => {
    const store = await fresh();
    await saveIndex(store, sample());
    await store.delete('pages', 'https://b.test/bread');
    await expect(loadIndex(store, OPTIONS)).rejects.toThrow(/texts of https:\/\/b.test\/bread are missing/);
  });

  it('an index saved in segments (version 1) restores with its texts and moves them to pages at its next save', async () => {
    const store = await fresh();
    const { texts, headingPaths, ...head } = sample().snapshot();
    await store.put('meta', { ...head, savedAt: 1, segments: 1 }, 'head');
    await store.put('texts', { texts: texts!, headingPaths }, 0);
    const { index } = await loadIndex(store, OPTIONS);
    expect(index.texts.resident).toBe(2);
    const [top] = await searchHistory(index, undefined, { query: 'sourdough starter', mode: 'sparse' });
    expect(top!.text).toBe('A sourdough starter leavens bread without commercial yeast.');
    await saveIndex(store, index);
    expect(index.texts.resident).toBe(0);
    expect(await store.count('texts')).toBe(0);
    expect(await store.get('pages', 'https://a.test/octopus')).toEqual([
      'Octopuses have three hearts and blue blood.',
      'Octopuses can unscrew the lids of jars from the inside.',
    ]);
    const again = (await loadIndex(store, OPTIONS)).index;
    expect((await again.pageChunks('https://a.test/octopus')).map((c) => c.headingPath)).toEqual([['Body'], ['Mind']]);
  });
});
