import { describe, expect, it, vi } from 'vitest';
import type { Embedder } from '../../../../lib/retrieval/embedder-contract';
import {
  createMemoryEmbeddingCacheStore,
  embeddingCacheKey,
  layeredEmbeddingCacheStore,
  withEmbeddingCache,
  type EmbeddingCacheStore,
} from '../../../../lib/retrieval/engine/embedding-cache';
import { createHybridIndex } from '../../../../lib/retrieval/engine/hybrid-index';
import { makeSnippet } from '../../../../lib/retrieval/engine/make-snippet';
import { searchHistory } from '../../../../lib/retrieval/engine/search-history';
import { textFragmentUrl } from '../../../../lib/retrieval/engine/text-fragment-url';

/** A fake embedder that records its calls: vectors from letter counts of a, e, o. */
function fakeEmbedder(modelId = 'fake@1'): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    modelId,
    dims: 3,
    calls,
    async embed(texts) {
      calls.push(texts);
      return texts.map((t) => {
        const v = Float32Array.from(['a', 'e', 'o'], (c) => t.split(c).length);
        const n = Math.hypot(...v);
        return v.map((x) => x / n);
      });
    },
  };
}

describe('searchHistory', () => {
  it('returns passages with snippet, highlights, heading path and a text-fragment URL', async () => {
    const embedder = fakeEmbedder();
    const index = createHybridIndex({ modelId: embedder.modelId, dims: 3 });
    const text =
      'Service workers are killed after 30 seconds idle. Durable runs resume from the journal after a restart.';
    const [v] = await embedder.embed([text]);
    index.addPage({ url: 'https://dev.example/sw#old', title: 'Worker lifetime', visitedAt: 5, lang: 'en' }, [
      { text, headingPath: ['MV3', 'Lifetime'], vector: v! },
    ]);
    const [p] = await searchHistory(index, embedder, { query: 'when is the service worker killed' });
    expect(p).toMatchObject({
      title: 'Worker lifetime',
      url: 'https://dev.example/sw',
      visitedAt: 5,
      headingPath: ['MV3', 'Lifetime'],
      text,
    });
    expect(p!.fragmentUrl).toBe(
      'https://dev.example/sw#:~:text=Service%20workers%20are%20killed,journal%20after%20a%20restart.',
    );
    expect(p!.highlights.map(([s, e]) => p!.snippet.slice(s, e))).toEqual(['Service', 'workers', 'killed']);
  });
  it("cites a PDF at its page (#page=N), survives a snapshot, and a web page with a 'Page 2' heading keeps its text fragment", async () => {
    const embedder = fakeEmbedder();
    const index = createHybridIndex({ modelId: embedder.modelId, dims: 3 });
    const one = 'The report opens with the board members and their terms.';
    const two = 'Quarterly revenue rose to 4.2 million euros on strong exports.';
    const [v1, v2] = await embedder.embed([one, two]);
    index.addPage({ url: 'https://files.example/report.pdf', title: 'Quarterly report', visitedAt: 5, kind: 'pdf' }, [
      { text: one, headingPath: ['Page 1'], vector: v1! },
      { text: two, headingPath: ['Page 2'], vector: v2! },
    ]);
    index.addPage({ url: 'https://blog.example/post', title: 'A post', visitedAt: 6 }, [
      { text: 'Exports of quarterly revenue figures.', headingPath: ['Page 2'], vector: v2! },
    ]);
    const restored = createHybridIndex({ modelId: embedder.modelId, dims: 3 }, index.snapshot());
    for (const ix of [index, restored]) {
      const passages = await searchHistory(ix, embedder, { query: 'quarterly revenue exports' });
      const pdf = passages.find((p) => p.url === 'https://files.example/report.pdf')!;
      expect(pdf).toMatchObject({ headingPath: ['Page 2'], text: two });
      expect(pdf.fragmentUrl).toBe('https://files.example/report.pdf#page=2');
      const web = passages.find((p) => p.url === 'https://blog.example/post')!;
      expect(web.fragmentUrl).toMatch(/^https:\/\/blog\.example\/post#:~:text=/);
    }
    expect(restored.listPages().find((p) => p.url.endsWith('.pdf'))).toMatchObject({ kind: 'pdf' });
  });
  it('searches sparse-only when the embedder model differs from the index model', async () => {
    const index = createHybridIndex({ modelId: 'old@1', dims: 3 });
    index.addPage({ url: 'https://a.test/', title: 'A', visitedAt: 1 }, [
      { text: 'alpha beta', headingPath: [], vector: Float32Array.from([1, 0, 0]) },
    ]);
    const embedder = fakeEmbedder('new@2');
    const hits = await searchHistory(index, embedder, { query: 'beta' });
    expect(hits).toHaveLength(1);
    expect(embedder.calls).toEqual([]);
    await expect(searchHistory(index, embedder, { query: '  ' })).rejects.toThrow(/empty/);
  });
});

describe('makeSnippet and textFragmentUrl', () => {
  it('centres the excerpt on the densest run of query terms', () => {
    const text =
      'Filler sentence. '.repeat(40) + 'The quantised vectors are scanned flat. ' + 'More filler here. '.repeat(40);
    const s = makeSnippet(text, 'quantized vectors scanning', 'en', 120);
    expect(s.text).toMatch(/^…The quantised vectors are scanned flat\./);
    expect(s.highlights.map(([a, b]) => s.text.slice(a, b))).toEqual(['vectors', 'scanned']);
  });
  it('encodes dashes and commas and strips Markdown', () => {
    expect(textFragmentUrl('https://x.test/a#h', 'A **well-known**, short [link](https://y)')).toBe(
      'https://x.test/a#:~:text=A%20well%2Dknown%2C%20short%20link',
    );
  });
});

describe('withEmbeddingCache', () => {
  it('embeds each new text once per model and serves repeats from the store', async () => {
    const inner = fakeEmbedder();
    const store = createMemoryEmbeddingCacheStore();
    const cached = withEmbeddingCache(inner, store);
    const first = await cached.embed(['one', 'two', 'one']);
    const second = await cached.embed(['two', 'three']);
    expect(inner.calls).toEqual([['one', 'two'], ['three']]);
    expect(second[0]).toEqual(first[1]);
    const otherModel = withEmbeddingCache(fakeEmbedder('fake@2'), store);
    await otherModel.embed(['one']);
    expect(cached.modelId).toBe('fake@1');
  });

  it('treats a cached vector of the wrong type or width as a miss, and a failing store as no store', async () => {
    const inner = fakeEmbedder();
    const store = createMemoryEmbeddingCacheStore();
    await store.setMany([
      [await embeddingCacheKey('fake@1', 'wide'), new Float32Array(4)],
      [await embeddingCacheKey('fake@1', 'odd'), [1, 2, 3] as unknown as Float32Array],
    ]);
    const out = await withEmbeddingCache(inner, store).embed(['wide', 'odd']);
    expect(inner.calls).toEqual([['wide', 'odd']]);
    expect(out.map((v) => v.length)).toEqual([3, 3]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: EmbeddingCacheStore = {
      getMany: () => Promise.reject(new Error('disk')),
      setMany: () => Promise.reject(new Error('disk')),
      deleteMany: () => Promise.resolve(),
      clear: () => Promise.resolve(),
    };
    expect(await withEmbeddingCache(inner, broken).embed(['one'])).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('a layered store reads the front first, copies back-store hits to it, and deletes from both', async () => {
    const front = createMemoryEmbeddingCacheStore();
    const back = createMemoryEmbeddingCacheStore();
    const both = layeredEmbeddingCacheStore(front, back);
    const v = Float32Array.of(1, 0, 0);
    await back.setMany([['k', v]]);
    expect(await both.getMany(['k', 'x'])).toEqual([v, undefined]);
    expect(await front.getMany(['k'])).toEqual([v]);
    await both.setMany([['j', v]]);
    await both.deleteMany(['k']);
    expect([...(await front.getMany(['k', 'j'])), ...(await back.getMany(['k', 'j']))]).toEqual([
      undefined,
      v,
      undefined,
      v,
    ]);
    await both.clear();
    expect([...(await front.getMany(['j'])), ...(await back.getMany(['j']))]).toEqual([undefined, undefined]);
  });
});

describe('fragmentBlock', () => {
  it('keeps the fragment inside the block with the most matches (text directives do not cross blocks)', async () => {
    const { fragmentBlock } = await import('../../../../lib/retrieval/engine/search-history');
    const text = 'Problem solving\n\nOctopuses can unscrew the lids of jars.\n\nParagraph about other things';
    const snippet = {
      text,
      highlights: [
        [text.indexOf('unscrew'), text.indexOf('unscrew') + 7],
        [text.indexOf('jars'), text.indexOf('jars') + 4],
      ] as Array<[number, number]>,
    };
    expect(fragmentBlock(snippet)).toBe('Octopuses can unscrew the lids of jars.');
  });
});
