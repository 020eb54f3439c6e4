/**
 * The `fetch_url` tool: reads a page that is not open, from the extension's own background (never from a
 * page), without cookies or other credentials, and turns it into Markdown through the same reader as
 * read_page (run in the offscreen document, which has a DOM). Each new site asks the user once per run;
 * "always allow" holds per site.
 */
import type { PageImage } from '../../documents/render-pdf-page';
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
import { DOCUMENT_MAX_CHARS, readDocumentResponse, type ReadDocumentFile } from './read-document-response';

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
  offset: z.number().int().min(0).max(DOCUMENT_MAX_CHARS).optional().describe('nextOffset of the previous call.'),
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
  /** A PDF: its text has `--- Page N ---` markers, and the index cites it at its page. */
  pdf?: boolean;
}

/** fetch_url's output: the page's Markdown (a window of it), where it came from, and notes on what was left out. */
export type FetchUrlOutput = Awaited<ReturnType<typeof fetchUrl>>;

export interface FetchUrlToolDeps {
  fetch: typeof fetch;
  /** Converts HTML to Markdown with read_page's reader. */
  parseHtml(request: { html: string; url: string; maxChars: number }): Promise<ParsedPage>;
  /** Reads a document's bytes (PDF, Word, Excel, CSV, Markdown) in the offscreen document; throws a message naming the file. */
  readDocument?: ReadDocumentFile;
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
  const kind = classifyContentType(contentType, new URL(finalUrl).pathname);
  if (kind === 'unsupported') {
    await discard(response);
    throw new ToolError(
      `Not read: ${finalUrl} is ${mediaTypeOf(contentType)}, not a web page or a document. fetch_url reads HTML, plain text, JSON, PDF, Word (.docx), Excel (.xlsx), CSV and Markdown.`,
    );
  }
  const page =
    kind === 'document'
      ? await readFetchedDocument(deps, response, finalUrl, contentType, ctx)
      : await readFetchedPage(deps, response, finalUrl, contentType, kind, notes, ctx);
  if (page.notice) notes.push(page.notice);
  const offset = input.offset ?? 0;
  const slice = sliceText(page.markdown, offset, input.maxChars ?? FETCH_DEFAULT_CHARS);
  if (slice.nextOffset !== undefined)
    notes.push(
      `Capped: this is characters ${offset} to ${slice.nextOffset} of ${page.markdown.length}. Call again with offset ${slice.nextOffset} for more, only if the question needs it.`,
    );
  if (page.truncated)
    notes.push(
      kind === 'document'
        ? `The document is longer than ${DOCUMENT_MAX_CHARS} characters of text: only the first ${DOCUMENT_MAX_CHARS} can be read.`
        : `The page is longer than ${PARSE_MAX_CHARS} characters of text: only the first ${PARSE_MAX_CHARS} can be read.`,
    );
  const remembered =
    (kind === 'html' || kind === 'document') && offset === 0 && deps.remember
      ? await deps.remember(
          {
            url: finalUrl,
            title: page.title,
            lang: page.lang,
            text: page.markdown,
            ...(page.pdf ? { pdf: true } : {}),
          },
          ctx,
        )
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
    ...(page.pageImages && offset === 0 ? { pageImages: page.pageImages } : {}),
  };
}

type ReadResult = ParsedPage & { truncated: boolean; pdf?: boolean; pageImages?: PageImage[] };

/** An HTML, text or JSON response: at most FETCH_MAX_BYTES, HTML through read_page's reader. */
async function readFetchedPage(
  deps: FetchUrlToolDeps,
  response: Response,
  finalUrl: string,
  contentType: string | null,
  kind: 'html' | 'text' | 'json',
  notes: string[],
  ctx: ToolContext,
): Promise<ReadResult> {
  const body = await readCappedBody(response, FETCH_MAX_BYTES);
  if (looksBinary(body.bytes))
    throw new ToolError(
      `Not read: ${finalUrl} is binary data, not a web page. fetch_url reads HTML, plain text, JSON, PDF, Word (.docx), Excel (.xlsx), CSV and Markdown.`,
    );
  if (body.truncated)
    notes.push(
      `The response was larger than ${FETCH_MAX_BYTES / 1_000_000} MB: only its first ${FETCH_MAX_BYTES / 1_000_000} MB were read.`,
    );
  const text = new TextDecoder(charsetOf(contentType)).decode(body.bytes);
  // All of the output is text of the site that answered.
  ctx.reportRead?.({ origin: originOf(finalUrl) });
  if (kind !== 'html')
    return { title: '', lang: '', markdown: text.slice(0, PARSE_MAX_CHARS), truncated: text.length > PARSE_MAX_CHARS };
  const page = await deps.parseHtml({ html: text, url: finalUrl, maxChars: PARSE_MAX_CHARS });
  return { ...page, truncated: page.truncated ?? false };
}

/**
 * A document response (PDF, Word, Excel, CSV, Markdown): up to DOCUMENT_MAX_BYTES, refused by name when larger
 * (a part of a PDF or a zip is no document), read by the document reader in the offscreen document.
 */
async function readFetchedDocument(
  deps: FetchUrlToolDeps,
  response: Response,
  finalUrl: string,
  contentType: string | null,
  ctx: ToolContext,
): Promise<ReadResult> {
  const name = fileNameOf(finalUrl);
  if (!deps.readDocument) {
    await discard(response);
    throw new ToolError(`Could not read ${name}: documents cannot be read here.`);
  }
  const file = {
    name,
    mediaType: mediaTypeOf(contentType),
    url: finalUrl,
    ...(ctx.modelTakesImages ? { renderScans: true } : {}),
  };
  const doc = await readDocumentResponse(deps.readDocument, response, file, ctx.signal, ctx.askDocumentPassword);
  ctx.reportRead?.({ origin: originOf(finalUrl) });
  return {
    title: doc.title || name,
    lang: '',
    markdown: doc.text,
    ...(doc.notes.length ? { notice: doc.notes.join(' ') } : {}),
    truncated: doc.truncated ?? false,
    ...(doc.kind === 'pdf' ? { pdf: true } : {}),
    ...(doc.pageImages?.length ? { pageImages: doc.pageImages } : {}),
  };
}

/** The file name an address ends in ("q3-report.pdf"), or its host when it names none. */
export function fileNameOf(url: string): string {
  const u = new URL(url);
  const last = u.pathname.split('/').filter(Boolean).at(-1);
  if (!last) return u.host;
  try {
    return decodeURIComponent(last);
  } catch (error) {
    void error; // a malformed escape: the name as the address spells it
    return last;
  }
}

/** Drops a body that will not be read, so its connection is released. */
async function discard(response: Response): Promise<void> {
  await response.body
    ?.cancel()
    .catch((error: unknown) => console.warn('Tabwise: dropping a response body failed', error));
}
