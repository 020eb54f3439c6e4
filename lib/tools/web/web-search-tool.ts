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
import { SEARCH_TIMEOUT_MS, searchWeb } from './search-web';
import { BACKEND_NAMES, type RawResult, type WebSearchTarget } from './web-search-backends';
import { isWebSearchFailure } from './web-search-failure';

const MAX_TITLE = 300;
const MAX_SNIPPET = 600;
/** How many results a search gives when the model does not say (and what "Test connection" asks for). */
export const DEFAULT_RESULT_COUNT = 5;

export const webSearchInput = z.object({
  query: z.string().trim().min(1).max(400).describe('Search words.'),
  count: z.number().int().min(1).max(10).optional().describe(`Default ${DEFAULT_RESULT_COUNT}.`),
});

/** One numbered result as the model reads it (cite it as [n](url)). */
export interface WebResult {
  n: number;
  title: string;
  url: string;
  snippet: string;
}

/** web_search's output: the numbered results, the backend that found them, and a note when there are none. */
export interface WebSearchOutput {
  query: string;
  backend: string;
  results: WebResult[];
  note?: string;
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
    // Offered once a backend is set up (the system prompt says where to set one up when it is missing).
    offered: async () => (await deps.target()) !== undefined,
    // The query leaves for the backend: asked only when it carries text the run read (the egress gate's flow),
    // bound to the backend's origin.
    needsApproval: true,
    asksFor: async () => false,
    locate: async () => {
      const target = await deps.target();
      return target ? { origin: originOf(target.baseUrl) } : undefined;
    },
    writtenValues: (input) => [{ field: 'query', value: input.query }],
    async execute(input, ctx): Promise<WebSearchOutput> {
      const target = await deps.target();
      if (!target) throw new ToolError(NO_BACKEND_MESSAGE);
      const count = input.count ?? DEFAULT_RESULT_COUNT;
      let results: RawResult[];
      try {
        results = await searchWeb(target, input.query, count, { fetch: deps.fetch, signal: ctx.signal });
      } catch (error) {
        throw isWebSearchFailure(error) ? new ToolError(error.message, { cause: error }) : error;
      }
      const numbered = present(results, count);
      for (const r of numbered) ctx.reportRead?.({ origin: originOf(r.url), text: `${r.title}\n${r.snippet}` });
      return {
        query: input.query,
        backend: BACKEND_NAMES[target.backend],
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
    out.push({
      n: out.length + 1,
      title: clean(r.title, MAX_TITLE) || url.host,
      url: url.href,
      snippet: clean(r.snippet, MAX_SNIPPET),
    });
  }
  return out;
}
