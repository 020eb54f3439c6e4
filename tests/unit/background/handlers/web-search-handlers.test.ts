/**
 * webSearch.test ("Test connection" in Settings → Web search), through the background protocol as the options
 * page calls it: one real search with the form's values, answered with a count and a time or with the cause
 * in the user's words; the key it searched with never appears in the answer.
 */
import { describe, expect, it } from 'vitest';
import { createWebSearchHandlers } from '../../../../lib/background/handlers/web-search-handlers';
import { backgroundProtocol } from '../../../../lib/background/protocol';
import { requestSchemas } from '../../../../lib/background/request-schemas';
import { dispatch } from '../../../../lib/messaging/dispatch';
import { DEFAULT_API_BASES } from '../../../../lib/tools/web/web-search-backends';
import { UserFacingError } from '../../../../lib/messaging/user-facing-error';
import type { WebSearchStore } from '../../../../lib/tools/web/web-search-store';

const SAVED_KEY = 'BSA-saved-secret-key';
const self = { id: 'ext', origin: 'chrome-extension://ext/' };
const options = { id: 'ext', url: 'chrome-extension://ext/options.html' };

/** The store's part the handler uses: a Brave key saved; the form's typed key wins, as the real store does. */
function fakeStore(): WebSearchStore {
  return {
    view: async () => ({ backend: 'brave', hasKey: true }),
    save: async () => ({ backend: 'brave', hasKey: true }),
    target: async () => ({ backend: 'brave', baseUrl: DEFAULT_API_BASES.brave, apiKey: SAVED_KEY }),
    async draftTarget(input) {
      if (input.backend === 'searxng') {
        if (!input.url) throw new UserFacingError('invalid', 'Give the address of your SearXNG instance.');
        return { backend: 'searxng', baseUrl: input.url };
      }
      return {
        backend: input.backend,
        baseUrl: input.url || DEFAULT_API_BASES[input.backend],
        apiKey: input.apiKey || SAVED_KEY,
      };
    },
  };
}

/** A fetch that answers with `reply` and records what it was asked. */
function fakeFetch(reply: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return reply();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A clock that moves 230 ms between the two reads the handler makes. */
const clock = () => {
  let n = 1000;
  return () => (n += 230) - 230;
};

async function test(data: unknown, fetch: typeof globalThis.fetch, timeoutMs?: number) {
  const handlers = createWebSearchHandlers({ store: fakeStore(), fetch, now: clock(), timeoutMs });
  return dispatch(backgroundProtocol, { tabwise: 'background', name: 'webSearch.test', data }, options, {
    validators: requestSchemas,
    handlers,
    from: 'extension-page',
    self,
  });
}

const brave = { backend: 'brave', url: 'https://brave.example' };
const braveReply = (n: number) =>
  Response.json({
    type: 'search',
    web: {
      results: Array.from({ length: n }, (_, i) => ({
        title: `R${i}`,
        url: `https://r${i}.example/`,
        description: 'd',
      })),
    },
  });

describe('webSearch.test', () => {
  it('searches once with the saved key and answers how many results came back and how long it took, without the key', async () => {
    const web = fakeFetch(() => braveReply(7));
    const answer = await test(brave, web.fetch);
    // Counted as web_search gives them to the model: its default of five.
    expect(answer).toEqual({ ok: true, value: { results: 5, ms: 230 } });
    expect(web.calls).toHaveLength(1);
    expect(web.calls[0]!.url).toBe('https://brave.example/res/v1/web/search?q=wikipedia&count=5');
    expect(web.calls[0]!.init.headers).toMatchObject({ 'X-Subscription-Token': SAVED_KEY });
    expect(web.calls[0]!.init.credentials).toBe('omit');
    expect(JSON.stringify(answer)).not.toContain(SAVED_KEY);
  });

  it('uses the key typed in the form rather than the saved one, and counts only web addresses once each', async () => {
    const web = fakeFetch(() =>
      Response.json({
        results: [
          { title: 'A', url: 'https://a.example/', content: '' },
          { title: 'A again', url: 'https://a.example/', content: '' },
          { title: 'Script', url: 'javascript:alert(1)', content: '' },
        ],
      }),
    );
    expect(await test({ backend: 'tavily', url: 'https://tavily.example', apiKey: 'tvly-typed' }, web.fetch)).toEqual({
      ok: true,
      value: { results: 1, ms: 230 },
    });
    expect(web.calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer tvly-typed' });
  });

  it('says when no backend is chosen or the form lacks what the backend needs, without searching', async () => {
    const web = fakeFetch(() => braveReply(1));
    expect(await test({ backend: 'none' }, web.fetch)).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'Choose a search service first.' },
    });
    expect(await test({ backend: 'searxng', url: '' }, web.fetch)).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'Give the address of your SearXNG instance.' },
    });
    expect(await test({ backend: 'searxng', url: 'ftp://x.example' }, web.fetch)).toMatchObject({
      ok: false,
      error: { code: 'invalid', message: 'Give an http:// or https:// address' },
    });
    expect(web.calls).toHaveLength(0);
  });

  it('says a refused key is refused (401/403), and a SearXNG refusal points at its JSON format; the key is not in the answer', async () => {
    const refused = await test(
      brave,
      fakeFetch(() => new Response('{"error":"SUBSCRIPTION_TOKEN_INVALID"}', { status: 401 })).fetch,
    );
    expect(refused).toEqual({
      ok: false,
      error: { code: 'auth', message: 'Brave Search refused the key (HTTP 401): check the API key.' },
    });
    expect(JSON.stringify(refused)).not.toContain(SAVED_KEY);
    expect(
      await test(
        { backend: 'searxng', url: 'https://searx.example' },
        fakeFetch(() => new Response('<html>Forbidden</html>', { status: 403 })).fetch,
      ),
    ).toEqual({
      ok: false,
      error: {
        code: 'auth',
        message:
          'SearXNG refused the search (HTTP 403): its JSON format may be turned off (search.formats: json in settings.yml).',
      },
    });
  });

  it('says an unreachable backend is unreachable', async () => {
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    expect(await test({ backend: 'searxng', url: 'http://127.0.0.1:9' }, down)).toEqual({
      ok: false,
      error: { code: 'network', message: 'Could not reach SearXNG: check the address, or whether the service is up.' },
    });
  });

  it('says a backend that does not answer in time timed out', async () => {
    const silent = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as unknown as typeof fetch;
    expect(await test(brave, silent, 20)).toEqual({
      ok: false,
      error: { code: 'timeout', message: 'Brave Search did not answer within 1 s.' },
    });
  });

  it('says a reply that is not search results is a bad answer, and names a busy or failing backend', async () => {
    expect(
      await test(
        { backend: 'searxng', url: 'https://searx.example' },
        fakeFetch(() => new Response('<html>results</html>')).fetch,
      ),
    ).toEqual({
      ok: false,
      error: {
        code: 'bad_reply',
        message:
          'SearXNG did not answer with search results: is its JSON format enabled (search.formats: json in settings.yml)?',
      },
    });
    expect(await test(brave, fakeFetch(() => Response.json('not results')).fetch)).toEqual({
      ok: false,
      error: { code: 'bad_reply', message: 'Brave Search did not answer with search results.' },
    });
    expect(await test(brave, fakeFetch(() => new Response('', { status: 429 })).fetch)).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        message: 'Brave Search says too many searches were made (HTTP 429). Try again later.',
      },
    });
    expect(await test(brave, fakeFetch(() => new Response('', { status: 502 })).fetch)).toEqual({
      ok: false,
      error: { code: 'server', message: 'Brave Search answered HTTP 502.' },
    });
  });

  it('is refused to a content script, before any search', async () => {
    const web = fakeFetch(() => braveReply(1));
    const handlers = createWebSearchHandlers({ store: fakeStore(), fetch: web.fetch, now: clock() });
    const fromPage = await dispatch(
      backgroundProtocol,
      { tabwise: 'background', name: 'webSearch.test', data: brave },
      { id: 'ext', url: 'https://evil.example/', tab: {} },
      { validators: requestSchemas, handlers, from: 'extension-page', self },
    );
    expect(fromPage).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(web.calls).toHaveLength(0);
  });
});
