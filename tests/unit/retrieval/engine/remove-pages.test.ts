import { describe, expect, it } from 'vitest';
import { createHybridIndex } from '../../../../lib/retrieval/engine/hybrid-index';
import { evictPages, removePages } from '../../../../lib/retrieval/engine/remove-pages';

const DAY = 86_400_000;
const vector = () => new Float32Array([1, 0, 0, 0]);

function sample() {
  const index = createHybridIndex({ modelId: 'test@fp32', dims: 4 });
  index.addPage({ url: 'https://docs.example.com/a', title: 'A', visitedAt: 10 * DAY }, [
    { text: 'first chunk of a', headingPath: ['Intro'], vector: vector() },
    { text: 'second chunk of a', headingPath: [], vector: vector() },
  ]);
  index.addPage({ url: 'https://example.com/b', title: 'B', visitedAt: 20 * DAY }, [
    { text: 'only chunk of b', headingPath: [], vector: vector() },
  ]);
  index.addPage({ url: 'https://other.org/c', title: 'C', visitedAt: 30 * DAY }, [
    { text: 'only chunk of c', headingPath: [], vector: vector() },
  ]);
  return index;
}

describe('removePages', () => {
  it('removes a page by URL (fragment ignored) and returns the texts its chunks were embedded from', async () => {
    const index = sample();
    const removed = await removePages(index, { kind: 'page', url: 'https://docs.example.com/a#part' });
    expect(removed).toEqual({
      chunks: 2,
      urls: ['https://docs.example.com/a'],
      texts: ['Intro\nfirst chunk of a', 'second chunk of a'],
    });
    expect(index.pageCount).toBe(2);
  });
  it('removes a domain with its subdomains, and a time range inclusive at both ends', async () => {
    const index = sample();
    expect((await removePages(index, { kind: 'domain', domain: 'example.com' })).urls.sort()).toEqual([
      'https://docs.example.com/a',
      'https://example.com/b',
    ]);
    expect((await removePages(index, { kind: 'range', since: 30 * DAY, until: 30 * DAY })).urls).toEqual([
      'https://other.org/c',
    ]);
    expect(index.size).toBe(0);
  });
  it("removes every source of one kind: the folder's documents go, a kept attachment under the same host stays", async () => {
    const index = sample();
    const ext = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/viewer.html';
    index.addPage({ url: `${ext}?path=plan.md`, title: 'plan.md', visitedAt: DAY, kind: 'folder' }, [
      { text: 'the plan', headingPath: [], vector: vector() },
    ]);
    index.addPage({ url: `${ext}?attachment=a1`, title: 'q3.pdf', visitedAt: DAY, kind: 'attachment' }, [
      { text: 'the report', headingPath: [], vector: vector() },
    ]);
    expect((await removePages(index, { kind: 'source', source: 'folder' })).urls).toEqual([`${ext}?path=plan.md`]);
    expect(index.listPages().map((p) => p.url)).toContain(`${ext}?attachment=a1`);
    expect(index.pageCount).toBe(4);
  });
  it('clears everything for "all" without listing texts (the whole vector cache is cleared then)', async () => {
    const index = sample();
    const removed = await removePages(index, { kind: 'all' });
    expect(removed.chunks).toBe(4);
    expect(removed.urls).toHaveLength(3);
    expect(removed.texts).toEqual([]);
    expect(index.size).toBe(0);
  });
});

describe('evictPages', () => {
  it('drops visits before the retention limit, then the oldest pages until the chunk cap holds', async () => {
    const index = sample();
    const out = await evictPages(index, 15 * DAY, 1);
    expect(out.urls).toEqual(['https://docs.example.com/a', 'https://example.com/b']);
    expect(out.chunks).toBe(3);
    expect(out.texts).toHaveLength(3);
    expect(index.listPages().map((p) => p.url)).toEqual(['https://other.org/c']);
  });
  it('removes nothing when the index is within both limits', async () => {
    expect(await evictPages(sample(), 0, 100)).toEqual({ chunks: 0, urls: [], texts: [] });
  });
});
