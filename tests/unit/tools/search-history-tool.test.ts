import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../lib/retrieval/capture/content-hash';
import { createSearchHistoryTool, parseHistoryDate } from '../../../lib/tools/search-history-tool';
import type { HistoryQuery } from '../../../lib/retrieval/history-query';

const ctx = {} as never;

describe('search_history tool', () => {
  it('passes the query and filters, with a date-only "until" meaning the end of that day', async () => {
    const seen: HistoryQuery[] = [];
    const tool = createSearchHistoryTool({
      isEnabled: async () => true,
      search: async (r) => {
        seen.push(r);
        return [
          {
            title: 'T',
            url: 'https://a.test/',
            fragmentUrl: 'https://a.test/#:~:text=x',
            visitedAt: Date.UTC(2025, 0, 1),
            score: 0.87654,
            snippet: 's',
            highlights: [],
            headingPath: ['H'],
            text: 'x',
            chunkId: 'c',
          },
        ];
      },
    });
    const input = tool.input.parse({ query: ' jars ', domain: 'A.test', since: '2025-01-01', until: '2025-01-31' });
    const out = (await tool.execute!(input, ctx)) as {
      passages: Array<{ visitedAt: string; score: number; fragmentUrl: string }>;
    };
    expect(seen[0]).toEqual({
      query: 'jars',
      domain: 'a.test',
      since: Date.parse('2025-01-01'),
      until: Date.parse('2025-01-31') + 86_399_999,
      topK: 8,
    });
    expect(out.passages[0]).toMatchObject({
      visitedAt: '2025-01-01T00:00:00.000Z',
      score: 0.877,
      fragmentUrl: 'https://a.test/#:~:text=x',
    });
  });

  it('says so when remembering is off, and rejects bad dates', async () => {
    const tool = createSearchHistoryTool({ isEnabled: async () => false, search: async () => [] });
    expect(await tool.execute!(tool.input.parse({ query: 'x' }), ctx)).toMatchObject({
      passages: [],
      note: expect.stringContaining('turned off'),
    });
    expect(() => parseHistoryDate('last tuesday', 'start')).toThrow(/not an ISO 8601/);
  });
});

describe('contentHash', () => {
  it('is stable and tells different texts apart', () => {
    expect(contentHash('abc')).toBe(contentHash('abc'));
    expect(contentHash('abc')).not.toBe(contentHash('abd'));
    expect(contentHash('abc')).toMatch(/^[0-9a-f]{14}$/);
  });
});
