import { describe, expect, it, vi } from 'vitest';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { createFetchUrlTool, FETCH_MAX_BYTES, type FetchUrlToolDeps } from '../../../../lib/tools/web/fetch-url-tool';

const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  runId: 'r1',
  toolCallId: 't1',
  signal: new AbortController().signal,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
  ...over,
});

/** A Response as fetch gives it after redirects (its url is the final one). */
function reply(body: BodyInit, init: ResponseInit & { url?: string } = {}): Response {
  const r = new Response(body, init);
  Object.defineProperty(r, 'url', { value: init.url ?? '' });
  return r;
}

function setup(response: (url: string) => Response, over: Partial<FetchUrlToolDeps> = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const deps: FetchUrlToolDeps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      return response(String(input));
    }) as unknown as typeof fetch,
    parseHtml: async ({ html }) => ({
      title: /<title>(.*?)<\/title>/.exec(html)?.[1] ?? '',
      lang: 'en',
      markdown: html.replace(/<[^>]+>/g, '').trim(),
    }),
    isAlwaysAllowed: async () => false,
    ...over,
  };
  return { tool: createFetchUrlTool(deps), calls };
}

const html = (title: string, body: string) => `<html><head><title>${title}</title></head><body>${body}</body></html>`;

describe('fetch_url', () => {
  it("fetches without credentials, follows redirects, and returns the reader's Markdown with the final URL", async () => {
    const { tool, calls } = setup((url) =>
      reply(html('Docs', '<p>Hello docs</p>'), {
        headers: { 'content-type': 'text/html; charset=utf-8' },
        url: `${url}final`,
      }),
    );
    const out = (await tool.execute(
      { url: 'https://docs.example/' },
      ctx({ target: { origin: 'https://docs.example' } }),
    )) as Record<string, unknown>;
    expect(calls[0]!.init).toMatchObject({ credentials: 'omit', redirect: 'follow', referrerPolicy: 'no-referrer' });
    expect(out).toMatchObject({
      url: 'https://docs.example/final',
      requestedUrl: 'https://docs.example/',
      title: 'Docs',
      markdown: 'DocsHello docs',
      contentType: 'text/html',
    });
  });

  it('records the origin that answered as where the text was read', async () => {
    const reads: unknown[] = [];
    const { tool } = setup(() =>
      reply('plain words', { headers: { 'content-type': 'text/plain' }, url: 'https://a.example/x' }),
    );
    await tool.execute({ url: 'https://a.example/x' }, ctx({ reportRead: (s) => reads.push(s) }));
    expect(reads).toEqual([{ origin: 'https://a.example' }]);
  });

  it('refuses an image or an archive with a clear error that names what it reads', async () => {
    const { tool } = setup(() =>
      reply('GIF89a', { headers: { 'content-type': 'image/gif' }, url: 'https://a.example/f.gif' }),
    );
    await expect(tool.execute({ url: 'https://a.example/f.gif' }, ctx())).rejects.toThrow(
      'Not read: https://a.example/f.gif is image/gif, not a web page or a document. fetch_url reads HTML, plain text, JSON, PDF, Word (.docx), Excel (.xlsx), CSV and Markdown.',
    );
  });

  it('hands a PDF to the document reader with its name and type, and windows its text like a page', async () => {
    const handed: unknown[] = [];
    const remembered: unknown[] = [];
    const text = `--- Page 1 ---\n${'Revenue rose. '.repeat(200)}`;
    const { tool } = setup(
      () =>
        reply('%PDF-1.7 bytes', {
          headers: { 'content-type': 'application/pdf' },
          url: 'https://a.example/r/q3%20report.pdf',
        }),
      {
        remember: async (page) => {
          remembered.push(page);
          return 'Added to "Remember what I read".';
        },
        readDocument: async (file) => {
          handed.push({ ...file, bytes: new TextDecoder().decode(file.bytes) });
          return {
            kind: 'pdf',
            title: 'Q3',
            text,
            totalChars: text.length,
            pageCount: 1,
            notes: ['2 pieces of text a reader cannot see were left out.'],
          };
        },
      },
    );
    const out = (await tool.execute({ url: 'https://a.example/r/q3%20report.pdf', maxChars: 1000 }, ctx())) as {
      title: string;
      markdown: string;
      nextOffset: number;
      notes: string[];
    };
    expect(handed).toEqual([
      {
        bytes: '%PDF-1.7 bytes',
        name: 'q3 report.pdf',
        mediaType: 'application/pdf',
        url: 'https://a.example/r/q3%20report.pdf',
        maxChars: 2_000_000,
      },
    ]);
    expect(out.title).toBe('Q3');
    // One window, cut where a word ends: the next one starts where this stops.
    expect(out.nextOffset).toBeGreaterThan(900);
    expect(out.nextOffset).toBeLessThanOrEqual(1000);
    expect(out.markdown).toBe(text.slice(0, out.nextOffset));
    expect(out.notes[0]).toBe('2 pieces of text a reader cannot see were left out.');
    // Offered to the index whole, as a PDF (so its citations open it at its page).
    expect(remembered).toEqual([
      { url: 'https://a.example/r/q3%20report.pdf', title: 'Q3', lang: '', text, pdf: true },
    ]);
  });

  it("a document's reader error reaches the model as it is, and a document over 50 MB is refused by its declared size without reading", async () => {
    const { tool } = setup(
      () => reply('%PDF-1.7', { headers: { 'content-type': 'application/pdf' }, url: 'https://a.example/locked.pdf' }),
      {
        readDocument: async () => {
          throw new Error('Could not read locked.pdf: it is protected with a password.');
        },
      },
    );
    await expect(tool.execute({ url: 'https://a.example/locked.pdf' }, ctx())).rejects.toThrow(
      'Could not read locked.pdf: it is protected with a password.',
    );
    let read = false;
    const big = setup(
      () => {
        const body = new ReadableStream({ pull: () => void (read = true) }, { highWaterMark: 0 });
        return reply(body, {
          headers: { 'content-type': 'application/pdf', 'content-length': '300000000' },
          url: 'https://a.example/huge.pdf',
        });
      },
      { readDocument: async () => Promise.reject(new Error('never called')) },
    );
    await expect(big.tool.execute({ url: 'https://a.example/huge.pdf' }, ctx())).rejects.toThrow(
      'Could not read huge.pdf: it is 300 MB, and documents of at most 50 MB are read.',
    );
    expect(read).toBe(false);
  });

  it('refuses binary data sent as text', async () => {
    const { tool } = setup(() =>
      reply(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), {
        headers: { 'content-type': 'text/plain' },
        url: 'https://a.example/x',
      }),
    );
    await expect(tool.execute({ url: 'https://a.example/x' }, ctx())).rejects.toThrow(/is binary data/);
  });

  it('reads at most FETCH_MAX_BYTES of a huge page and returns one window of Markdown, with notes saying so', async () => {
    const huge = `${'word '.repeat(FETCH_MAX_BYTES / 5 + 1000)}`;
    const { tool } = setup(() =>
      reply(huge, { headers: { 'content-type': 'text/plain' }, url: 'https://big.example/' }),
    );
    const out = (await tool.execute({ url: 'https://big.example/', maxChars: 1000 }, ctx())) as {
      markdown: string;
      nextOffset: number;
      notes: string[];
      totalChars: number;
    };
    expect(out.markdown.length).toBeLessThanOrEqual(1000);
    expect(out.nextOffset).toBeGreaterThan(0);
    expect(out.totalChars).toBe(200_000);
    expect(out.notes.join(' ')).toMatch(/larger than 3 MB: only its first 3 MB were read/);
    expect(out.notes.join(' ')).toMatch(/Call again with offset/);
  });

  it('does not return a page that redirected to a site the user has not approved', async () => {
    const { tool } = setup(() =>
      reply(html('Elsewhere', 'secret'), {
        headers: { 'content-type': 'text/html' },
        url: 'https://other.example/landing',
      }),
    );
    await expect(
      tool.execute({ url: 'https://start.example/go' }, ctx({ target: { origin: 'https://start.example' } })),
    ).rejects.toThrow(
      'Not read: https://start.example/go redirected to https://other.example/landing, on a site the user has not approved.',
    );
  });

  it('returns a redirect to a site the user always allows', async () => {
    const { tool } = setup(
      () =>
        reply(html('Ok', 'fine'), { headers: { 'content-type': 'text/html' }, url: 'https://other.example/landing' }),
      { isAlwaysAllowed: async (o) => o === 'https://other.example' },
    );
    const out = (await tool.execute(
      { url: 'https://start.example/go' },
      ctx({ target: { origin: 'https://start.example' } }),
    )) as { url: string };
    expect(out.url).toBe('https://other.example/landing');
  });

  it('gives up on a server that does not answer in time, with a clear error', async () => {
    const hang = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as unknown as typeof fetch;
    const { tool } = setup(() => reply(''), { fetch: hang, timeoutMs: 50 });
    await expect(tool.execute({ url: 'https://slow.example/' }, ctx())).rejects.toThrow(
      'Could not fetch https://slow.example/: no answer within 0.05 s.',
    );
  });

  it('reports a network failure as the site being unreachable', async () => {
    const { tool } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(tool.execute({ url: 'https://down.example/' }, ctx())).rejects.toThrow(
      'Could not fetch https://down.example/: Failed to fetch (the site may be down or the address wrong).',
    );
  });

  it('says which HTTP status the server answered', async () => {
    const { tool } = setup(() =>
      reply('nope', {
        status: 404,
        statusText: 'Not Found',
        headers: { 'content-type': 'text/html' },
        url: 'https://a.example/missing',
      }),
    );
    await expect(tool.execute({ url: 'https://a.example/missing' }, ctx())).rejects.toThrow(
      'Could not read https://a.example/missing: the server answered HTTP 404 Not Found.',
    );
  });

  it('offers HTML pages to "Remember what I read" and says what happened', async () => {
    const remember = vi.fn(async () => 'Added to "Remember what I read".');
    const { tool } = setup(
      () => reply(html('Kept', 'text'), { headers: { 'content-type': 'text/html' }, url: 'https://a.example/p' }),
      { remember },
    );
    const out = (await tool.execute({ url: 'https://a.example/p' }, ctx())) as { history?: string };
    expect(remember).toHaveBeenCalledWith(
      { url: 'https://a.example/p', title: 'Kept', lang: 'en', text: 'Kepttext' },
      expect.anything(),
    );
    expect(out.history).toBe('Added to "Remember what I read".');
  });

  it("is approved per site: it locates at the URL's origin, and refuses javascript: before anyone is asked", async () => {
    const { tool } = setup(() => reply(''));
    expect(tool.needsApproval && tool.askOncePerRun).toBe(true);
    await expect(tool.locate!({ url: 'https://a.example/p?q=1' }, ctx())).resolves.toEqual({
      origin: 'https://a.example',
    });
    await expect(tool.locate!({ url: 'javascript:fetch("//evil")' }, ctx())).rejects.toThrow(/only http and https/);
    // The gate sees the query's values as their own words, so a secret in `?code=` is matched.
    expect(tool.writtenValues!({ url: 'https://a.example/p/x?d=RC-77%2041&q=a+b' })).toEqual([
      { field: 'url', value: 'a example p x d RC-77 41 q a b' },
    ]);
  });
});
