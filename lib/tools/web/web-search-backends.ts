/**
 * The search backends web_search can use, each as a request builder and a response reader (pure, so the
 * wire shapes are tested without a network): a SearXNG instance's JSON API (`/search?q=…&format=json`),
 * the Brave Search API (`GET /res/v1/web/search`, `X-Subscription-Token`) and Tavily (`POST /search`,
 * `Authorization: Bearer`).
 */
import { z } from 'zod';

export type WebSearchBackend = 'searxng' | 'brave' | 'tavily';

/** What a search needs: the backend, its address, and its key where it takes one. */
export interface WebSearchTarget {
  backend: WebSearchBackend;
  /** SearXNG: the instance's base URL. Brave and Tavily: their API's base (the official one unless a proxy is set). */
  baseUrl: string;
  apiKey?: string;
}

export const DEFAULT_API_BASES: Record<Exclude<WebSearchBackend, 'searxng'>, string> = {
  brave: 'https://api.search.brave.com',
  tavily: 'https://api.tavily.com',
};

export const BACKEND_NAMES: Record<WebSearchBackend, string> = {
  searxng: 'SearXNG',
  brave: 'Brave Search',
  tavily: 'Tavily',
};

/** One result as the backends give it, before numbering and caps. */
export interface RawResult {
  title: string;
  url: string;
  snippet: string;
}

/** The request for `query`, asking for `count` results where the backend takes a count. */
export function buildSearchRequest(
  target: WebSearchTarget,
  query: string,
  count: number,
): { url: string; init: RequestInit } {
  const base = target.baseUrl.replace(/\/+$/, '');
  const common: RequestInit = { credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' };
  switch (target.backend) {
    case 'searxng':
      return {
        url: `${base}/search?${new URLSearchParams({ q: query, format: 'json' })}`,
        init: { ...common, headers: { Accept: 'application/json' } },
      };
    case 'brave':
      return {
        url: `${base}/res/v1/web/search?${new URLSearchParams({ q: query, count: String(count) })}`,
        init: { ...common, headers: { Accept: 'application/json', 'X-Subscription-Token': target.apiKey ?? '' } },
      };
    case 'tavily':
      return {
        url: `${base}/search`,
        init: {
          ...common,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${target.apiKey ?? ''}` },
          body: JSON.stringify({ query, max_results: count, search_depth: 'basic', include_answer: false }),
        },
      };
  }
}

const text = z.string().catch('');
const searxngReply = z.object({
  results: z.array(z.object({ url: text, title: text, content: text.optional() }).passthrough()).catch([]),
});
const braveReply = z.object({
  web: z
    .object({
      results: z.array(z.object({ url: text, title: text, description: text.optional() }).passthrough()).catch([]),
    })
    .optional(),
});
const tavilyReply = z.object({
  results: z.array(z.object({ url: text, title: text, content: text.optional() }).passthrough()).catch([]),
});

/** The results in a backend's JSON reply; throws when the reply is not that backend's shape at all. */
export function readSearchReply(backend: WebSearchBackend, json: unknown): RawResult[] {
  switch (backend) {
    case 'searxng': {
      const r = searxngReply.parse(json);
      return r.results.map((x) => ({ title: x.title, url: x.url, snippet: x.content ?? '' }));
    }
    case 'brave': {
      const r = braveReply.parse(json);
      return (r.web?.results ?? []).map((x) => ({
        title: x.title,
        url: x.url,
        snippet: stripTags(x.description ?? ''),
      }));
    }
    case 'tavily': {
      const r = tavilyReply.parse(json);
      return r.results.map((x) => ({ title: x.title, url: x.url, snippet: x.content ?? '' }));
    }
  }
}

/** Brave marks matches with <strong>: the model gets the words, not the markup. */
function stripTags(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
