import { describe, expect, it } from 'vitest';
import { createHybridIndex } from '../../../../lib/retrieval/engine/hybrid-index';
import type { ChunkInput } from '../../../../lib/retrieval/engine/hybrid-index-types';
import { selectTopK } from '../../../../lib/retrieval/engine/select-top-k';

const DIMS = 4;
/** Unit vectors along fixed axes make dense similarity predictable. */
const axis = (i: number, j?: number) => {
  const v = new Float32Array(DIMS);
  v[i] = 1;
  if (j !== undefined) {
    v[i] = Math.SQRT1_2;
    v[j] = Math.SQRT1_2;
  }
  return v;
};
const chunk = (text: string, vector: Float32Array, headingPath: string[] = []): ChunkInput => ({
  text,
  headingPath,
  vector,
});
const DAY = 86_400_000;

function sample() {
  const index = createHybridIndex({ modelId: 'test@fp32', dims: DIMS });
  index.addPage({ url: 'https://docs.example.com/orama', title: 'Orama search', visitedAt: 10 * DAY }, [
    chunk('Orama is a full-text search engine with BM25 ranking.', axis(0), ['Intro']),
    chunk('Vectors are stored separately in a flat int8 buffer.', axis(1), ['Vectors']),
  ]);
  index.addPage({ url: 'https://blog.other.org/cats', title: 'Cats', visitedAt: 20 * DAY }, [
    chunk('Kittens sleep on warm rugs most of the day.', axis(2)),
  ]);
  index.addPage({ url: 'https://example.com/recipes#top', title: 'Soup', visitedAt: 30 * DAY }, [
    chunk('A tomato soup recipe with basil.', axis(3)),
  ]);
  return index;
}

describe('createHybridIndex', () => {
  it('ranks by BM25 and stamps every chunk with model id and dims', () => {
    const hits = sample().search({ text: 'bm25 ranking engine' });
    expect(hits[0]!.chunk).toMatchObject({
      url: 'https://docs.example.com/orama',
      headingPath: ['Intro'],
      modelId: 'test@fp32',
      dims: DIMS,
      domain: 'docs.example.com',
    });
    expect(hits[0]!.score).toBeCloseTo(1);
    expect(hits[0]!.sparseScore).toBeGreaterThan(0);
  });
  it('finds by meaning with a query vector when no word matches', () => {
    const hits = sample().search({ text: 'feline naps', vector: axis(2) });
    expect(hits[0]!.chunk.title).toBe('Cats');
    expect(hits[0]!.denseScore).toBeCloseTo(1, 1);
  });
  it('fuses: a chunk strong on both sides beats one strong on one side', async () => {
    const index = sample();
    const hits = index.search({ text: 'orama vectors', vector: axis(1) });
    expect((await index.readTexts([hits[0]!.chunk]))[0]).toMatch(/^Vectors/);
  });
  it('filters by domain (with subdomains) and time range, and applies minScore and topK', () => {
    const index = sample();
    const v = axis(0, 2);
    expect(
      index.search({ text: 'x', vector: v, mode: 'dense', domain: 'other.org' }).map((h) => h.chunk.title),
    ).toEqual(['Cats']);
    expect(
      index.search({ text: 'x', vector: v, mode: 'dense', since: 15 * DAY, until: 25 * DAY }).map((h) => h.chunk.title),
    ).toEqual(['Cats']);
    expect(index.search({ text: 'x', vector: v, mode: 'dense', topK: 1 })).toHaveLength(1);
    expect(
      index.search({ text: 'x', vector: axis(3), mode: 'dense', minScore: 0.9 }).map((h) => h.chunk.title),
    ).toEqual(['Soup']);
  });
  it('keeps each route of a hash-routed app as its own page', () => {
    const index = createHybridIndex({ modelId: 'm', dims: 4 });
    index.addPage({ url: 'https://mail.example/#/inbox', title: 'Inbox', visitedAt: 1 }, [
      chunk('Quarterly report attached.', axis(0)),
    ]);
    index.addPage({ url: 'https://mail.example/#/settings', title: 'Settings', visitedAt: 2 }, [
      chunk('Forwarding rules.', axis(1)),
    ]);
    index.addPage({ url: 'https://mail.example/#/inbox', title: 'Inbox', visitedAt: 3 }, [
      chunk('Quarterly report attached again.', axis(0)),
    ]);
    expect(
      index
        .listPages()
        .map((p) => p.url)
        .sort(),
    ).toEqual(['https://mail.example/#/inbox', 'https://mail.example/#/settings']);
    expect(index.search({ text: 'forwarding' }).map((h) => h.chunk.title)).toEqual(['Settings']);
  });

  it('replaces a page on re-capture (fragment ignored) and deletes by page, domain, range and all', () => {
    const index = sample();
    expect(index.size).toBe(4);
    index.addPage({ url: 'https://example.com/recipes', title: 'Soup v2', visitedAt: 31 * DAY }, [
      chunk('Pea soup.', axis(3)),
    ]);
    expect(index.size).toBe(4);
    expect(index.search({ text: 'tomato' })).toEqual([]);
    expect(index.deletePage('https://example.com/recipes#x')).toBe(1);
    expect(index.search({ text: 'soup' })).toEqual([]);
    expect(index.search({ text: 'x', vector: axis(3), mode: 'dense', minScore: 0.5 })).toEqual([]);
    expect(index.deleteDomain('example.com')).toBe(2);
    expect(index.search({ text: 'orama' })).toEqual([]);
    expect(index.deleteRange(0, 25 * DAY)).toBe(1);
    expect(index.size).toBe(0);
    const again = sample();
    again.clear();
    expect(again.size).toBe(0);
    expect(again.search({ text: 'orama' })).toEqual([]);
  });
  it('round-trips a snapshot, dropping deleted chunks', () => {
    const index = sample();
    index.deletePage('https://blog.other.org/cats');
    const snap = index.snapshot();
    expect(snap.texts).toHaveLength(3);
    expect(snap.vectors.codes).toBeInstanceOf(Int8Array);
    const restored = createHybridIndex({ modelId: 'test@fp32', dims: DIMS }, structuredClone(snap));
    expect(restored.size).toBe(3);
    expect(restored.search({ text: 'flat buffer', vector: axis(1) })[0]!.chunk).toMatchObject({
      headingPath: ['Vectors'],
      title: 'Orama search',
    });
    restored.addPage({ url: 'https://new.example/', title: 'New', visitedAt: 1 }, [chunk('Fresh bm25 text.', axis(0))]);
    expect(restored.search({ text: 'bm25' }).map((h) => h.chunk.title)).toEqual(['New', 'Orama search']);
  });
  it('keeps slots consistent across restore, delete, add and a second restore', () => {
    const index = sample();
    index.deletePage('https://docs.example.com/orama');
    const once = createHybridIndex({ modelId: 'test@fp32', dims: DIMS }, structuredClone(index.snapshot()));
    once.deletePage('https://blog.other.org/cats');
    once.addPage({ url: 'https://cats.example.com/', title: 'More cats', visitedAt: 40 * DAY }, [
      chunk('Cats purr on rugs.', axis(2)),
    ]);
    const twice = createHybridIndex({ modelId: 'test@fp32', dims: DIMS }, structuredClone(once.snapshot()));
    expect(
      twice
        .listPages()
        .map((p) => p.title)
        .sort(),
    ).toEqual(['More cats', 'Soup']);
    expect(twice.search({ text: 'rugs', vector: axis(2) }).map((h) => h.chunk.title)).toEqual(['More cats']);
    expect(
      twice
        .search({ text: 'x', vector: axis(2), mode: 'dense', domain: 'example.com', minScore: 0.5 })
        .map((h) => h.chunk.title),
    ).toEqual(['More cats']);
    expect(twice.search({ text: 'soup', domain: 'cats.example.com' })).toEqual([]);
    expect(twice.search({ text: 'soup', since: 29 * DAY, until: 31 * DAY }).map((h) => h.chunk.title)).toEqual([
      'Soup',
    ]);
  });
  it('refuses vectors and snapshots of another model', () => {
    const index = sample();
    expect(() =>
      index.addPage({ url: 'https://a.test/', title: 'a', visitedAt: 1 }, [chunk('a', new Float32Array(3))]),
    ).toThrow(/model_mismatch|dims/);
    expect(() => createHybridIndex({ modelId: 'other', dims: DIMS }, index.snapshot())).toThrow(
      /embedded with test@fp32/,
    );
  });
});

describe('selectTopK', () => {
  it('returns the k best in order, honouring candidates and accept', () => {
    const scores = Float32Array.from([0.1, 0.9, 0.5, 0.7, 0.3]);
    expect(selectTopK(scores, 3).map((h) => h.slot)).toEqual([1, 3, 2]);
    expect(selectTopK(scores, 2, [0, 2, 4]).map((h) => h.slot)).toEqual([2, 4]);
    expect(selectTopK(scores, 2, undefined, (s) => s !== 1).map((h) => h.slot)).toEqual([3, 2]);
  });
});

describe('BM25 after deletions', () => {
  it('keeps idf positive when a common term loses documents', () => {
    const index = createHybridIndex({ modelId: 'test@fp32', dims: DIMS });
    for (let p = 0; p < 4; p++)
      index.addPage({ url: `https://s.test/${p}`, title: 'T', visitedAt: p }, [
        chunk('common word here', axis(0)),
        chunk('common other', axis(1)),
      ]);
    index.deletePage('https://s.test/0');
    index.deletePage('https://s.test/1');
    expect(index.search({ text: 'common' })).toHaveLength(4);
  });
});
