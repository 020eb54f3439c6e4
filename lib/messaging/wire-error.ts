/** An error as it crosses a message: plain data with a code from the one union. */
import { isErrorCode, type ErrorCode } from '../core/error-code';

export interface WireError {
  code: ErrorCode;
  message: string;
  /** An HTTP status behind the error (a provider's), when there was one. */
  status?: number;
}

export function isWireError(value: unknown): value is WireError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, status } = value as Record<string, unknown>;
  return isErrorCode(code) && typeof message === 'string' && (status === undefined || typeof status === 'number');
}

/**
 * The one error serialiser: keeps a thrown error's code when it is one of ours (UserFacingError,
 * RetrievalError, ProviderError, RemoteError all carry one), else 'internal'; keeps its message and status.
 */
export function toWireError(error: unknown): WireError {
  const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  return {
    code: isErrorCode(fields.code) ? fields.code : 'internal',
    message: typeof fields.message === 'string' ? fields.message : String(error),
    ...(typeof fields.status === 'number' ? { status: fields.status } : {}),
  };
}
