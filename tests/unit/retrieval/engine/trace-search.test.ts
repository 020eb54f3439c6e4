/** History-search traces: embedding timed apart from the index, hits counted, and the query kept only as a hash. */
import { describe, expect, it } from 'vitest';
import { traceSearch } from '../../../../lib/retrieval/engine/trace-search';
import { hashQuery, type SearchTrace } from '../../../../lib/retrieval/search-trace';
import { summarizeSearchTraces } from '../../../../lib/background/summarize-search-traces';

function clock() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('traceSearch', () => {
  it('times the embedding apart from the search and records the hash, never the text', async () => {
    const c = clock();
    const traces: SearchTrace[] = [];
    const embedder = {
      modelId: 'm',
      dims: 2,
      embed: async (t: string[]) => {
        c.advance(30);
        return t.map(() => new Float32Array(2));
      },
    };
    const hits = await traceSearch(
      'Where did I read about Lyon trains?',
      embedder,
      async (e) => {
        await e!.embed(['q']);
        c.advance(12);
        return ['a', 'b'];
      },
      { record: async (t) => void traces.push(t), now: c.now },
    );
    expect(hits).toEqual(['a', 'b']);
    await expect.poll(() => traces.length).toBe(1);
    expect(traces[0]).toEqual({
      at: 1000,
      queryHash: await hashQuery('Where did I read about Lyon trains?'),
      embedMs: 30,
      searchMs: 12,
      hits: 2,
      mode: 'hybrid',
    });
    expect(traces[0]!.queryHash).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(traces)).not.toMatch(/Lyon/i);
  });

  it('a text-only search (no embedder) is traced as text with no embedding time; a failed recording does not fail the search', async () => {
    const c = clock();
    const traces: SearchTrace[] = [];
    await traceSearch(
      'x',
      undefined,
      async () => {
        c.advance(5);
        return [];
      },
      { record: async (t) => void traces.push(t), now: c.now },
    );
    await expect.poll(() => traces.length).toBe(1);
    expect(traces[0]).toMatchObject({ embedMs: 0, searchMs: 5, hits: 0, mode: 'text' });
    await expect(
      traceSearch('x', undefined, async () => [1], {
        record: async () => {
          throw new Error('disk full');
        },
        now: c.now,
      }),
    ).resolves.toEqual([1]);
  });
});

describe('summarizeSearchTraces', () => {
  it('the share that found nothing, embedding and search percentiles, newest first', () => {
    const t = (i: number, hits: number, mode: 'hybrid' | 'text' = 'hybrid'): SearchTrace => ({
      at: i,
      queryHash: `h${i}`,
      embedMs: 10 * i,
      searchMs: i,
      hits,
      mode,
    });
    const s = summarizeSearchTraces([t(1, 3), t(2, 0), t(3, 5, 'text'), t(4, 0)]);
    expect(s).toMatchObject({ count: 4, empty: 2, emptyShare: 0.5 });
    expect(s.embedMs).toMatchObject({ count: 3, p50: 20 });
    expect(s.searchMs).toMatchObject({ count: 4, p99: 4 });
    expect(s.recent.map((x) => x.queryHash)).toEqual(['h4', 'h3', 'h2', 'h1']);
  });
});
