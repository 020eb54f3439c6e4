/**
 * webSearch.*: Settings → Web search. The backend's key goes in and never comes out: views say only whether
 * one is saved, and "Test connection" answers with a count and a time, or why the search failed in the
 * user's words (never the key, never the backend's reply).
 */
import type { ErrorCode } from '../../core/error-code';
import { searchWeb } from '../../tools/web/search-web';
import { isWebSearchFailure, type WebSearchFailureKind } from '../../tools/web/web-search-failure';
import type { WebSearchStore } from '../../tools/web/web-search-store';
import { DEFAULT_RESULT_COUNT, present } from '../../tools/web/web-search-tool';
import { t } from '../../util/t';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { Awaitable, HandlerSet } from './handler-set';

/** What "Test connection" searches for: a common word, so a working backend has something to answer. */
export const TEST_QUERY = 'wikipedia';

/** Each failure's code on the wire, so the page (and tests) can branch on the cause. */
const FAILURE_CODES: Record<WebSearchFailureKind, ErrorCode> = {
  unreachable: 'network',
  timeout: 'timeout',
  refused: 'auth',
  rate_limited: 'rate_limited',
  http: 'server',
  too_large: 'bad_reply',
  bad_reply: 'bad_reply',
};

export interface WebSearchHandlerDeps {
  store: Awaitable<WebSearchStore>;
  fetch: typeof fetch;
  now: () => number;
  /** Default: web_search's own limit. Tests pass a short one. */
  timeoutMs?: number;
}

export function createWebSearchHandlers(
  deps: WebSearchHandlerDeps,
): HandlerSet<'webSearch.get' | 'webSearch.save' | 'webSearch.test'> {
  return {
    'webSearch.get': async () => (await deps.store).view(),
    'webSearch.save': async (input) => (await deps.store).save(input),
    'webSearch.test': async (input) => {
      if (input.backend === 'none') throw new UserFacingError('invalid', t('web_search_test_choose'));
      const store = await deps.store;
      // The form's values, with the saved key when none is typed; a missing address or key is said as Save says it.
      const target = await store.draftTarget({ ...input, backend: input.backend });
      const started = deps.now();
      try {
        const raw = await searchWeb(target, TEST_QUERY, DEFAULT_RESULT_COUNT, {
          fetch: deps.fetch,
          timeoutMs: deps.timeoutMs,
        });
        // Counted as web_search would give them to the model: web addresses only, de-duplicated.
        return {
          results: present(raw, DEFAULT_RESULT_COUNT).length,
          ms: Math.max(0, Math.round(deps.now() - started)),
        };
      } catch (error) {
        if (isWebSearchFailure(error)) throw new UserFacingError(FAILURE_CODES[error.kind], error.shown);
        throw error;
      }
    },
  };
}
