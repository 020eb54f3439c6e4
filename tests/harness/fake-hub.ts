/**
 * A stand-in for the Hugging Face hub inside the browser, so the shipped default model (fetched from
 * https://huggingface.co on first use) can be tested without the network. It answers the hub's URL layout
 * `/<repo>/resolve/<revision>/<file>` from local model folders; like the real hub it redirects large (LFS)
 * files to a CDN host, honours `Range`, and sends the CORS headers the hub sends.
 *
 * Why the DevTools Fetch domain on the BROWSER target and not Playwright's `context.route`: the model is
 * fetched by transformers.js in a Web Worker of the extension's offscreen document, and Playwright lists
 * neither offscreen documents (a `background_page` target) nor their workers, so its routes never see those
 * requests (they went to the real network and failed). The browser target's Fetch domain sees every
 * request of every target.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { BrowserContext, CDPSession } from '@playwright/test';

export const HUB = 'https://huggingface.co';
/** Where the hub redirects LFS files (the real one uses signed URLs on this host). */
export const HUB_CDN = 'https://cas-bridge.xethub.hf.co';

export interface HubRequest {
  url: string;
  method: string;
  /** The Range header, when the request had one (transformers.js sizes files with `bytes=0-0`). */
  range?: string;
}

export interface FakeHub {
  /** Every request for the hub or its CDN, in order, whatever was answered. */
  readonly requests: HubRequest[];
  /** undefined: serve; 'offline': fail every request as an unreachable network does; a number: answer with that HTTP status. */
  failWith: undefined | 'offline' | number;
  /** Holds the answers to full (not Range) requests matching `match` until `release()`; `reached` resolves when one is held. */
  hold(match: (url: string) => boolean): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

/** What the hub would send with any answer (its CORS headers included). */
const hubHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'X-Repo-Commit,X-Request-Id,X-Error-Code,X-Error-Message,ETag,Link,Accept-Ranges,Content-Range,X-Linked-Size,X-Linked-ETag',
  'cross-origin-resource-policy': 'cross-origin',
};
const isLfs = (file: string) => /\.(onnx|onnx_data|bin|safetensors)$/.test(file);
const contentType = (file: string) =>
  file.endsWith('.json')
    ? 'application/json'
    : file.endsWith('.txt')
      ? 'text/plain; charset=utf-8'
      : 'application/octet-stream';

/**
 * Starts intercepting. `repos` maps a hub repo id (e.g. 'Xenova/all-MiniLM-L6-v2') to the local folder
 * whose files it serves, at any revision.
 */
export async function startFakeHub(context: BrowserContext, repos: Record<string, string>): Promise<FakeHub> {
  const browser = context.browser();
  if (!browser) throw new Error('fake hub: the context has no browser to attach to');
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const requests: HubRequest[] = [];
  const holds: Array<{
    match: (url: string) => boolean;
    gate: Promise<void>;
    reached: () => void;
    release: () => void;
  }> = [];
  /** CDN path → local file, filled as LFS files are redirected. */
  const cdnFiles = new Map<string, string>();

  const headerList = (h: Record<string, string>) => Object.entries(h).map(([name, value]) => ({ name, value }));
  const answer = (requestId: string, status: number, headers: Record<string, string>, body: Buffer = Buffer.alloc(0)) =>
    cdp.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: status,
      responseHeaders: headerList({ ...hubHeaders, ...headers }),
      body: body.toString('base64'),
    });
  const notFound = (requestId: string) =>
    answer(
      requestId,
      404,
      { 'content-type': 'text/plain', 'x-error-code': 'EntryNotFound' },
      Buffer.from('Entry not found'),
    );

  function localFile(url: URL): string | undefined {
    if (url.origin === HUB_CDN) return cdnFiles.get(url.pathname);
    for (const [repo, dir] of Object.entries(repos)) {
      const prefix = `/${repo}/resolve/`;
      if (!url.pathname.startsWith(prefix)) continue;
      const rest = decodeURIComponent(url.pathname.slice(prefix.length));
      const file = rest.slice(rest.indexOf('/') + 1);
      const path = normalize(join(dir, file));
      if (path.startsWith(normalize(dir)) && existsSync(path) && statSync(path).isFile()) return path;
    }
    return undefined;
  }

  async function serve(requestId: string, request: { url: string; method: string; headers: Record<string, string> }) {
    const url = new URL(request.url);
    const range = Object.entries(request.headers).find(([k]) => k.toLowerCase() === 'range')?.[1];
    requests.push({ url: request.url, method: request.method, ...(range ? { range } : {}) });
    if (fake.failWith === 'offline')
      return cdp.send('Fetch.failRequest', { requestId, errorReason: 'InternetDisconnected' });
    if (typeof fake.failWith === 'number')
      return answer(requestId, fake.failWith, { 'content-type': 'text/plain' }, Buffer.from('Service unavailable'));
    const path = localFile(url);
    if (!path) return notFound(requestId);
    if (url.origin === HUB && isLfs(path)) {
      // The hub answers an LFS file with a redirect to its CDN.
      const cdnPath = `/xet-bridge-us/${createHash('sha256').update(path).digest('hex')}`;
      cdnFiles.set(cdnPath, path);
      return answer(requestId, 302, {
        location: `${HUB_CDN}${cdnPath}?X-Amz-Expires=3600`,
        'x-linked-size': String(statSync(path).size),
      });
    }
    const body = readFileSync(path);
    const type = contentType(path);
    const m = range?.match(/^bytes=(\d+)-(\d*)$/);
    if (m) {
      const start = Number(m[1]);
      const end = Math.min(m[2] ? Number(m[2]) : body.length - 1, body.length - 1);
      if (start >= body.length) return answer(requestId, 416, { 'content-range': `bytes */${body.length}` });
      return answer(
        requestId,
        206,
        {
          'content-type': type,
          'content-range': `bytes ${start}-${end}/${body.length}`,
          'content-length': String(end - start + 1),
          'accept-ranges': 'bytes',
        },
        body.subarray(start, end + 1),
      );
    }
    const held = holds.find((h) => h.match(request.url));
    if (held) {
      held.reached();
      await held.gate;
    }
    return answer(
      requestId,
      200,
      {
        'content-type': type,
        'content-length': String(body.length),
        'accept-ranges': 'bytes',
        etag: `"${createHash('sha1').update(body).digest('hex')}"`,
      },
      body,
    );
  }

  cdp.on('Fetch.requestPaused', (event) => {
    serve(event.requestId, event.request).catch((error: unknown) => {
      // The target may have gone (an offscreen document closed mid-download): nothing to answer then.
      // After close() a held answer finds the domain disabled: nobody waits for it any more.
      if (!/Invalid InterceptionId|not found|not enabled|Target closed|Session closed/i.test(String(error)))
        console.error('fake hub:', error);
    });
  });
  await cdp.send('Fetch.enable', {
    patterns: [
      { urlPattern: `${HUB}/*`, requestStage: 'Request' },
      { urlPattern: `${HUB_CDN}/*`, requestStage: 'Request' },
    ],
  });

  const fake: FakeHub = {
    requests,
    failWith: undefined,
    hold(match) {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const reachedPromise = new Promise<void>((r) => (reached = r));
      const entry = {
        match,
        gate,
        reached,
        release() {
          const i = holds.indexOf(entry);
          if (i >= 0) holds.splice(i, 1);
          release();
        },
      };
      holds.push(entry);
      return { reached: reachedPromise, release: entry.release };
    },
    async close() {
      for (const h of [...holds]) h.release();
      await cdp.send('Fetch.disable').catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    },
  };
  return fake;
}
