/**
 * Both SDKs retry 429 / 408 / 409 / 5xx / 529 themselves, honouring retry-after, but say nothing about it.
 * Wrapping their injectable `fetch` lets us tell the user "rate limited, retrying in 2 s" while they wait.
 */
import { mark } from '../util/marks';
import { requestLeft } from '../util/request-left';

export interface RetryNotice {
  attempt: number;
  status: number;
  delayMs: number;
}

const RETRYABLE = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/** The delay the SDKs will wait, read the way they read it; NaN when they will pick their own backoff. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number {
  const ms = parseFloat(headers.get('retry-after-ms') ?? '');
  if (!Number.isNaN(ms)) return ms;
  const header = headers.get('retry-after');
  if (!header) return NaN;
  const seconds = parseFloat(header);
  return Number.isNaN(seconds) ? Date.parse(header) - now : seconds * 1000;
}

export function observeRetries(
  fetchImpl: typeof fetch,
  maxRetries: number,
  onRetry: (notice: RetryNotice) => void,
): typeof fetch {
  let failures = 0;
  return async (input, init) => {
    mark('fetch');
    let res: Response;
    try {
      res = await fetchImpl(input, init);
    } finally {
      requestLeft();
    }
    const shouldRetry = res.headers.get('x-should-retry');
    if (RETRYABLE(res.status) && shouldRetry !== 'false' && failures < maxRetries) {
      failures++;
      onRetry({ attempt: failures, status: res.status, delayMs: parseRetryAfter(res.headers) });
    }
    return res;
  };
}
