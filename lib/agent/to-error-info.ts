import { isErrorCode } from '../core/error-code';
import type { ErrorInfo } from '../core/error-info';

/**
 * The one way any thrown error becomes plain, serialisable data for events, the journal and the panel: its
 * code when it carries one of the project's codes (ProviderError, RetrievalError, UserFacingError, RemoteError,
 * a run cap), 'aborted' for an abort, else 'internal'; an HTTP status travels with it. A class name is never a code.
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (!(error instanceof Error)) return { code: 'internal', message: String(error) };
  const { code, status } = error as { code?: unknown; status?: unknown };
  const known = isErrorCode(code) ? code : error.name === 'AbortError' ? 'aborted' : 'internal';
  return { code: known, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
}
