/**
 * One search on a backend, shared by web_search and Settings → Web search's "Test connection": the request
 * without cookies, a time limit, a capped reply read as that backend's JSON. Every way it can fail is a
 * WebSearchFailure, so both callers report the same causes.
 */
import { readCappedBody } from './read-capped-body';
import { buildSearchRequest, readSearchReply, type RawResult, type WebSearchTarget } from './web-search-backends';
import { webSearchFailure, isWebSearchFailure } from './web-search-failure';

export const SEARCH_TIMEOUT_MS = 15_000;
const MAX_REPLY_BYTES = 2_000_000;

export interface SearchWebOptions {
  fetch: typeof fetch;
  /** The caller's own abort (a stopped run): rethrown as it is, not reported as the backend's failure. */
  signal?: AbortSignal;
  /** Default SEARCH_TIMEOUT_MS; tests pass a short one. */
  timeoutMs?: number;
}

/** The results `target` gives for `query` (up to `count` where the backend takes a count), as it gave them. */
export async function searchWeb(
  target: WebSearchTarget,
  query: string,
  count: number,
  options: SearchWebOptions,
): Promise<RawResult[]> {
  const timeoutMs = options.timeoutMs ?? SEARCH_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  /** A network failure: the caller's abort goes on as it is; else the time limit, or an unreachable backend. */
  const lost = (error: unknown) => {
    if (options.signal?.aborted) return error;
    return webSearchFailure(timeout.aborted ? 'timeout' : 'unreachable', target.backend, {
      timeoutMs,
      cause: error,
    });
  };
  const { url, init } = buildSearchRequest(target, query, count);
  let raw: string;
  try {
    const response = await options.fetch(url, { ...init, signal });
    if (response.status === 401 || response.status === 403)
      throw webSearchFailure('refused', target.backend, { status: response.status });
    if (response.status === 429) throw webSearchFailure('rate_limited', target.backend, { status: 429 });
    if (!response.ok) throw webSearchFailure('http', target.backend, { status: response.status });
    const body = await readCappedBody(response, MAX_REPLY_BYTES);
    if (body.truncated) throw webSearchFailure('too_large', target.backend);
    raw = new TextDecoder().decode(body.bytes);
  } catch (error) {
    throw isWebSearchFailure(error) ? error : lost(error);
  }
  try {
    return readSearchReply(target.backend, JSON.parse(raw));
  } catch (error) {
    throw webSearchFailure('bad_reply', target.backend, { cause: error });
  }
}
