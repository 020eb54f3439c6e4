/**
 * The `web_search` tool: asks the search backend the user set up in Settings → Web search, and gives the
 * model numbered results (title, URL, snippet) to cite. The query goes to that backend only, without cookies;
 * the results are text of the web, so they reach the model as untrusted page content.
 */
import { z } from 'zod';
import { stripInvisibleChars } from '../../page/strip-invisible-chars';
import { defineTool } from '../define-tool';
import { originOf } from '../origin-of';
import { ToolError } from '../tool-error';
import { readCappedBody } from './read-capped-body';
import { BACKEND_NAMES, buildSearchRequest, readSearchReply, type RawResult, type WebSearchTarget } from './web-search-backends';

export const SEARCH_TIMEOUT_MS = 15_000;
const MAX_TITLE = 300;
const MAX_SNIPPET = 600;
const MAX_REPLY_BYTES = 2_000_000;

export const webSearchInput = z.object({
  query: z.string().trim().min(1).max(400).describe('What to search the web for.'),
  count: z.number().int().min(1).max(10).optional().describe('How many results (default 5, at most 10).'),
});

/** One numbered result as the model reads it (cite it as [n](url)). */
export interface WebResult {
  n: number;
  title: string;
  url: string;
  snippet: string;
}

export const NO_BACKEND_MESSAGE =
  'Web search is not set up. Tell the user they can choose a search backend in Tabwise Settings → Web search ' +
  '(a SearXNG instance address, or a Brave Search or Tavily API key), then ask again.';

export interface WebSearchToolDeps {
  fetch: typeof fetch;
  /** The configured backend with its key, or undefined when none is set up. */
  target(): Promise<WebSearchTarget | undefined>;
}

export function createWebSearchTool(deps: WebSearchToolDeps) {
  return defineTool({
    name: 'web_search',
    input: webSearchInput,
    readOnly: true,
    untrustedOutput: 'page_content',
    timeoutMs: SEARCH_TIMEOUT_MS + 5_000,
    async execute(input, ctx) {
      const target = await deps.target();
      if (!target) throw new ToolError(NO_BACKEND_MESSAGE);
      const name = BACKEND_NAMES[target.backend];
      const count = input.count ?? 5;
      const { url, init } = buildSearchRequest(target, input.query, count);
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]);
      let response: Response;
      try {
        response = await deps.fetch(url, { ...init, signal });
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        throw new ToolError(`The search backend (${name}) could not be reached${signal.aborted ? ` within ${SEARCH_TIMEOUT_MS / 1000} s` : ''}. The user can check it in Settings → Web search.`, { cause: error });
      }
      if (response.status === 401 || response.status === 403) throw new ToolError(`${name} refused the request (HTTP ${response.status}): the API key may be wrong, or the instance does not allow its JSON API. The user can fix it in Settings → Web search.`);
      if (response.status === 429) throw new ToolError(`${name} says too many searches were made (HTTP 429). Try again later.`);
      if (!response.ok) throw new ToolError(`${name} answered HTTP ${response.status}; no results.`);
      const body = await readCappedBody(response, MAX_REPLY_BYTES);
      if (body.truncated) throw new ToolError(`${name} sent a reply too large to read.`);
      const raw = new TextDecoder().decode(body.bytes);
      let results: RawResult[];
      try {
        results = readSearchReply(target.backend, JSON.parse(raw));
      } catch (error) {
        throw new ToolError(`${name} did not answer with search results (the reply was not its JSON format${target.backend === 'searxng' ? '; is `json` enabled in the instance\'s search formats?' : ''}).`, { cause: error });
      }
      const numbered = present(results, count);
      for (const r of numbered) ctx.reportRead?.({ origin: originOf(r.url), text: `${r.title}\n${r.snippet}` });
      return {
        query: input.query,
        backend: name,
        results: numbered,
        ...(numbered.length ? {} : { note: 'No results. Try other words.' }),
      };
    },
  });
}

/** Web results only (http/https), cleaned of invisible characters, capped, de-duplicated and numbered. */
export function present(results: RawResult[], count: number): WebResult[] {
  const seen = new Set<string>();
  const out: WebResult[] = [];
  for (const r of results) {
    if (out.length >= count) break;
    let url: URL;
    try {
      url = new URL(r.url);
    } catch (error) {
      void error; // not an address: not a result anyone can open or cite
      continue;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || seen.has(url.href)) continue;
    seen.add(url.href);
    const clean = (s: string, max: number) => {
      const t = stripInvisibleChars(s, { removed: 0 }).replace(/\s+/g, ' ').trim();
      return t.length > max ? `${t.slice(0, max).trimEnd()}…` : t;
    };
    out.push({ n: out.length + 1, title: clean(r.title, MAX_TITLE) || url.host, url: url.href, snippet: clean(r.snippet, MAX_SNIPPET) });
  }
  return out;
}
