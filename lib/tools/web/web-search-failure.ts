/**
 * Why a search failed, said twice from one classification: in English for the model (web_search's tool
 * error) and in the user's language for Settings → Web search ("Test connection"), so the two never disagree.
 */
import { formatInteger } from '../../util/format-integer';
import { t } from '../../util/t';
import { isServiceFailure, ServiceFailure } from '../service-failure';
import { BACKEND_NAMES, type WebSearchBackend } from './web-search-backends';

export type WebSearchFailureKind =
  'unreachable' | 'timeout' | 'refused' | 'rate_limited' | 'http' | 'too_large' | 'bad_reply';

export interface WebSearchFailureDetail {
  /** The backend's HTTP status, for 'refused', 'rate_limited' and 'http'. */
  status?: number;
  /** The time limit that ran out, for 'timeout'. */
  timeoutMs?: number;
  cause?: unknown;
}

/** A failed search: a ServiceFailure of service 'web-search', its message the model's (English), `shown` the user's. */
export type WebSearchFailure = ServiceFailure<WebSearchFailureKind> & { readonly backend: WebSearchBackend };

/** The failed search of `kind` on `backend`, both texts from one classification. */
export function webSearchFailure(
  kind: WebSearchFailureKind,
  backend: WebSearchBackend,
  detail: WebSearchFailureDetail = {},
): WebSearchFailure {
  const said = describe(kind, backend, detail);
  const failure = new ServiceFailure('web-search', kind, said.reason, said.shown, {
    cause: detail.cause,
    ...(detail.status === undefined ? {} : { status: detail.status }),
  });
  return Object.assign(failure, { backend });
}

/** Whether `error` is a failed search. */
export const isWebSearchFailure = (error: unknown): error is WebSearchFailure =>
  isServiceFailure<WebSearchFailureKind>(error, 'web-search');

function describe(
  kind: WebSearchFailureKind,
  backend: WebSearchBackend,
  { status = 0, timeoutMs = 0 }: WebSearchFailureDetail,
): { reason: string; shown: string } {
  const name = BACKEND_NAMES[backend];
  // A SearXNG instance that refuses or answers HTML most often has its JSON format turned off; a keyed API, a bad key.
  const instance = backend === 'searxng';
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  const fixIt = 'The user can check it in Settings → Web search.';
  switch (kind) {
    case 'unreachable':
      return {
        reason: `The search backend (${name}) could not be reached. ${fixIt}`,
        shown: t('web_search_failure_unreachable', name),
      };
    case 'timeout':
      return {
        reason: `The search backend (${name}) could not be reached within ${seconds} s. ${fixIt}`,
        shown: t('web_search_failure_timeout', name, formatInteger(seconds)),
      };
    case 'refused':
      return {
        reason: `${name} refused the request (HTTP ${status}): the API key may be wrong, or the instance does not allow its JSON API. The user can fix it in Settings → Web search.`,
        shown: t(instance ? 'web_search_failure_refused_instance' : 'web_search_failure_refused_key', name, status),
      };
    case 'rate_limited':
      return {
        reason: `${name} says too many searches were made (HTTP 429). Try again later.`,
        shown: t('web_search_failure_rate_limited', name),
      };
    case 'http':
      return {
        reason: `${name} answered HTTP ${status}; no results.`,
        shown: t('web_search_failure_http', name, status),
      };
    case 'too_large':
      return { reason: `${name} sent a reply too large to read.`, shown: t('web_search_failure_too_large', name) };
    case 'bad_reply':
      return {
        reason: `${name} did not answer with search results (the reply was not its JSON format${instance ? "; is `json` enabled in the instance's search formats?" : ''}).`,
        shown: t(instance ? 'web_search_failure_bad_reply_instance' : 'web_search_failure_bad_reply', name),
      };
  }
}
