import { isErrorCode } from './error-code';
import type { ErrorInfo } from './error-info';

/**
 * The one way anything thrown becomes plain, serialisable data, for a reply between contexts, an event, the
 * journal and the panel: its code when it carries one of the project's codes (ProviderError, RetrievalError,
 * UserFacingError, RemoteError, a run cap), 'aborted' for an abort, else 'internal'; its message, and an HTTP
 * status when it has one. A class name is never a code.
 *
 * Stored errors go through it again when read (an old journal's, an imported file's): a code this version does
 * not know (an older one wrote class names) reads as 'internal' with its message kept, so the record still loads.
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const { code, name, message, status } = fields;
  return {
    code: isErrorCode(code) ? code : name === 'AbortError' ? 'aborted' : 'internal',
    message: typeof message === 'string' ? message : String(error),
    ...(typeof status === 'number' ? { status } : {}),
  };
}
