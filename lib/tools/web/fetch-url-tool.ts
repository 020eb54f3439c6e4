/**
 * The `fetch_url` tool: reads a page that is not open, from the extension's own background (never from a
 * page), without cookies or other credentials, and turns it into Markdown through the same reader as
 * read_page (run in the offscreen document, which has a DOM). Each new site asks the user once per run;
 * "always allow" holds per site.
 */
import { z } from 'zod';
import { sliceText } from '../../page/slice-text';
import { defineTool, type ToolContext } from '../define-tool';
import { addressParts } from '../address-parts';
import { originOf } from '../origin-of';
import { ToolError } from '../tool-error';
import { charsetOf, classifyContentType, looksBinary, mediaTypeOf } from './classify-content-type';
import { parseFetchUrl } from './fetch-url-policy';
import { previewFetch } from './preview-fetch';
import { readCappedBody } from './read-capped-body';

/** Bytes read from the network at most; the rest of a larger response is never downloaded. */
export const FETCH_MAX_BYTES = 3_000_000;
/** How long the request may take, headers to last byte. */
export const FETCH_TIMEOUT_MS = 20_000;
export const FETCH_DEFAULT_CHARS = 20_000;
export const FETCH_MAX_CHARS = 50_000;
/** What the reader converts at most; windows past it are not offered. */
const PARSE_MAX_CHARS = 200_000;
const ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.9,*/*;q=0.1';

export const fetchUrlInput = z.object({
  url: z.string().min(1).max(4096).describe('http(s) address.'),
  offset: z.number().int().min(0).max(PARSE_MAX_CHARS).optional().describe('nextOffset of the previous call.'),
  maxChars: z.number().int().min(500).max(FETCH_MAX_CHARS).optional().describe(`Default ${FETCH_DEFAULT_CHARS}.`),
});

/** A page as the reader gives it back (lib/page/read-html in the offscreen document). */
export interface ParsedPage {
  title: string;
  lang: string;
  markdown: string;
  notice?: string;
  /** The Markdown goes on past what was asked for. */
  truncated?: boolean;
}

/** A fetched page offered to "Remember what I read" (the service applies its own rules: on, denylist, incognito). */
export interface FetchedPage {
  url: string;
  title: string;
  lang: string;
  text: string;
}

/** fetch_url's output: the page's Markdown (a window of it), where it came from, and notes on what was left out. */
export type FetchUrlOutput = Awaited<ReturnType<typeof fetchUrl>>;

export interface FetchUrlToolDeps {
  fetch: typeof fetch;
  /** Converts HTML to Markdown with read_page's reader. */
  parseHtml(request: { html: string; url: string; maxChars: number }): Promise<ParsedPage>;
  /** Whether the user chose "always allow" fetch_url on this site (redirect targets are checked with it). */
  isAlwaysAllowed(origin: string): Promise<boolean>;
  /** Adds the page to the history index if remembering is on and its rules allow; says what happened. */
  remember?(page: FetchedPage, ctx: ToolContext): Promise<string>;
  /** How long the request may take (default FETCH_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Creates the tool. Approval is asked per site, once a run (askOncePerRun); the card names the site. */
export function createFetchUrlTool(deps: FetchUrlToolDeps) {
  return defineTool({
    name: 'fetch_url',
    input: fetchUrlInput,
    readOnly: true,
    needsApproval: true,
    askOncePerRun: true,
    untrustedOutput: 'page_content',
    timeoutMs: FETCH_TIMEOUT_MS + 25_000,
    // Refuses what is never fetched (javascript:, file:, chrome:…) before anyone is asked.
    locate: async (input) => ({ origin: parseFetchUrl(input.url).url.origin }),
    preview: (input) => previewFetch(input.url),
    // The address itself can carry text out: read text in it is flagged on the card.
    writtenValues: (input) => [{ field: 'url', value: addressParts(input.url) }],
    execute: (input, ctx) => fetchUrl(deps, input, ctx),
  });
}

async function fetchUrl(deps: FetchUrlToolDeps, input: z.output<typeof fetchUrlInput>, ctx: ToolContext) {
  const { url, upgraded } = parseFetchUrl(input.url);
  const approvedOrigin = ctx.target?.origin ?? url.origin;
  const notes: string[] = [];
  if (upgraded) notes.push('Fetched over https: Tabwise does not fetch plain http pages on the internet.');
  const timeoutMs = deps.timeoutMs ?? FETCH_TIMEOUT_MS;
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
  let response: Response;
  try {
    response = await deps.fetch(url.href, {
      credentials: 'omit',
      redirect: 'follow',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal,
      headers: { Accept: ACCEPT },
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    if (signal.aborted)
      throw new ToolError(`Could not fetch ${url.href}: no answer within ${timeoutMs / 1000} s.`, { cause: error });
    throw new ToolError(
      `Could not fetch ${url.href}: ${error instanceof Error ? error.message : String(error)} (the site may be down or the address wrong).`,
      { cause: error },
    );
  }
  const finalUrl = response.url || url.href;
  const finalOrigin = originOf(finalUrl);
  if (finalOrigin !== approvedOrigin && !(await deps.isAlwaysAllowed(finalOrigin))) {
    await discard(response);
    throw new ToolError(
      `Not read: ${url.href} redirected to ${finalUrl}, on a site the user has not approved. ` +
        `If you still need it, call fetch_url with that address; the user will be asked.`,
    );
  }
  if (!response.ok) {
    await discard(response);
    throw new ToolError(
      `Could not read ${finalUrl}: the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
    );
  }
  const contentType = response.headers.get('content-type');
  const kind = classifyContentType(contentType);
  if (kind === 'unsupported') {
    await discard(response);
    throw new ToolError(
      `Not read: ${finalUrl} is ${mediaTypeOf(contentType)}, not a web page. fetch_url reads HTML, plain text and JSON only.`,
    );
  }
  const body = await readCappedBody(response, FETCH_MAX_BYTES);
  if (looksBinary(body.bytes))
    throw new ToolError(
      `Not read: ${finalUrl} is binary data, not a web page. fetch_url reads HTML, plain text and JSON only.`,
    );
  if (body.truncated)
    notes.push(
      `The response was larger than ${FETCH_MAX_BYTES / 1_000_000} MB: only its first ${FETCH_MAX_BYTES / 1_000_000} MB were read.`,
    );
  const text = new TextDecoder(charsetOf(contentType)).decode(body.bytes);
  // All of the output is text of the site that answered.
  ctx.reportRead?.({ origin: finalOrigin });

  const page =
    kind === 'html'
      ? await deps.parseHtml({ html: text, url: finalUrl, maxChars: PARSE_MAX_CHARS })
      : { title: '', lang: '', markdown: text.slice(0, PARSE_MAX_CHARS) };
  if (page.notice) notes.push(page.notice);
  const offset = input.offset ?? 0;
  const slice = sliceText(page.markdown, offset, input.maxChars ?? FETCH_DEFAULT_CHARS);
  if (slice.nextOffset !== undefined)
    notes.push(
      `Capped: this is characters ${offset} to ${slice.nextOffset} of ${page.markdown.length}. Call again with offset ${slice.nextOffset} for more, only if the question needs it.`,
    );
  if ('truncated' in page ? page.truncated : text.length > PARSE_MAX_CHARS)
    notes.push(
      `The page is longer than ${PARSE_MAX_CHARS} characters of text: only the first ${PARSE_MAX_CHARS} can be read.`,
    );
  const remembered =
    kind === 'html' && offset === 0 && deps.remember
      ? await deps.remember({ url: finalUrl, title: page.title, lang: page.lang, text: page.markdown }, ctx)
      : undefined;
  return {
    url: finalUrl,
    ...(finalUrl !== url.href ? { requestedUrl: url.href } : {}),
    title: page.title,
    contentType: mediaTypeOf(contentType) || 'unknown',
    markdown: slice.text,
    totalChars: page.markdown.length,
    offset: Math.min(offset, page.markdown.length),
    ...(slice.nextOffset !== undefined ? { nextOffset: slice.nextOffset } : {}),
    ...(notes.length ? { notes } : {}),
    ...(remembered ? { history: remembered } : {}),
  };
}

/** Drops a body that will not be read, so its connection is released. */
async function discard(response: Response): Promise<void> {
  await response.body
    ?.cancel()
    .catch((error: unknown) => console.warn('Tabwise: dropping a response body failed', error));
}
