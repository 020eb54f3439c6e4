import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { buildSearchRequest, readSearchReply } from '../../../../lib/tools/web/web-search-backends';
import { createWebSearchTool, NO_BACKEND_MESSAGE, present } from '../../../../lib/tools/web/web-search-tool';

const ctx = (): ToolContext => ({
  runId: 'r1',
  toolCallId: 't1',
  signal: new AbortController().signal,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
});

describe('search backends on the wire', () => {
  it('asks SearXNG for its JSON format', () => {
    const r = buildSearchRequest({ backend: 'searxng', baseUrl: 'https://searx.example/' }, 'tabwise docs', 5);
    expect(r.url).toBe('https://searx.example/search?q=tabwise+docs&format=json');
    expect(r.init.credentials).toBe('omit');
  });

  it('sends the Brave key in X-Subscription-Token and the Tavily key as a bearer token, never in the URL', () => {
    const brave = buildSearchRequest(
      { backend: 'brave', baseUrl: 'https://api.search.brave.com', apiKey: 'BSA-1' },
      'q',
      3,
    );
    expect(brave.url).toBe('https://api.search.brave.com/res/v1/web/search?q=q&count=3');
    expect(brave.init.headers).toMatchObject({ 'X-Subscription-Token': 'BSA-1' });
    const tavily = buildSearchRequest(
      { backend: 'tavily', baseUrl: 'https://api.tavily.com', apiKey: 'tvly-1' },
      'q',
      4,
    );
    expect(tavily.url).toBe('https://api.tavily.com/search');
    expect(tavily.init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tvly-1' } });
    expect(JSON.parse(String(tavily.init.body))).toMatchObject({ query: 'q', max_results: 4 });
  });

  it("reads each backend's documented reply shape", () => {
    expect(
      readSearchReply('searxng', {
        query: 'q',
        number_of_results: 1,
        results: [{ url: 'https://a.example/', title: 'A', content: 'about a', engine: 'x' }],
      }),
    ).toEqual([{ title: 'A', url: 'https://a.example/', snippet: 'about a' }]);
    expect(
      readSearchReply('brave', {
        type: 'search',
        web: {
          type: 'search',
          results: [{ title: 'B', url: 'https://b.example/', description: 'the <strong>b</strong> page' }],
        },
      }),
    ).toEqual([{ title: 'B', url: 'https://b.example/', snippet: 'the b page' }]);
    expect(
      readSearchReply('tavily', {
        query: 'q',
        results: [{ title: 'C', url: 'https://c.example/', content: 'c text', score: 0.9 }],
      }),
    ).toEqual([{ title: 'C', url: 'https://c.example/', snippet: 'c text' }]);
    expect(readSearchReply('brave', { type: 'search' })).toEqual([]);
    expect(() => readSearchReply('searxng', 'not json object')).toThrow();
  });
});

describe('present', () => {
  it('numbers web results only, drops duplicates and other schemes, caps the count and strips invisible characters', () => {
    const out = present(
      [
        { title: 'One\u200b', url: 'https://one.example/', snippet: 'first\u200b  result' },
        { title: 'Bad', url: 'javascript:alert(1)', snippet: 'x' },
        { title: 'Dup', url: 'https://one.example/', snippet: 'again' },
        { title: '', url: 'https://two.example/p', snippet: 's'.repeat(900) },
        { title: 'Three', url: 'https://three.example/', snippet: '' },
      ],
      2,
    );
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({ n: 1, title: 'One', url: 'https://one.example/', snippet: 'first result' });
    expect(out[1]!.title).toBe('two.example');
    expect(out[1]!.snippet.length).toBe(601);
  });
});

describe('web_search', () => {
  it('tells the model where the user sets it up when no backend is configured', async () => {
    const tool = createWebSearchTool({
      fetch: (() => {
        throw new Error('no network');
      }) as unknown as typeof fetch,
      target: async () => undefined,
    });
    await expect(tool.execute({ query: 'x' }, ctx())).rejects.toThrow(NO_BACKEND_MESSAGE);
  });

  it('explains a rejected key', async () => {
    const tool = createWebSearchTool({
      fetch: (async () => new Response('{}', { status: 401 })) as unknown as typeof fetch,
      target: async () => ({ backend: 'brave', baseUrl: 'https://b', apiKey: 'k' }),
    });
    await expect(tool.execute({ query: 'x' }, ctx())).rejects.toThrow(
      /Brave Search refused the request \(HTTP 401\): the API key may be wrong/,
    );
  });

  it('says a SearXNG instance that answers HTML has no JSON format enabled', async () => {
    const tool = createWebSearchTool({
      fetch: (async () => new Response('<html>results</html>')) as unknown as typeof fetch,
      target: async () => ({ backend: 'searxng', baseUrl: 'https://s' }),
    });
    await expect(tool.execute({ query: 'x' }, ctx())).rejects.toThrow(/is `json` enabled/);
  });

  it("returns numbered results and records each result's origin as read", async () => {
    const reads: unknown[] = [];
    const body = { results: [{ url: 'https://a.example/x', title: 'A', content: 'alpha' }] };
    const tool = createWebSearchTool({
      fetch: (async () => new Response(JSON.stringify(body))) as unknown as typeof fetch,
      target: async () => ({ backend: 'searxng', baseUrl: 'https://s' }),
    });
    const out = await tool.execute({ query: 'alpha' }, { ...ctx(), reportRead: (s) => reads.push(s) });
    expect(out).toEqual({
      query: 'alpha',
      backend: 'SearXNG',
      results: [{ n: 1, title: 'A', url: 'https://a.example/x', snippet: 'alpha' }],
    });
    expect(reads).toEqual([{ origin: 'https://a.example', text: 'A\nalpha' }]);
    expect(tool.untrustedOutput).toBe('page_content');
  });
});
