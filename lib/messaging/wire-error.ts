/** An error as it crosses a message: plain data with a code from the one union (lib/core/to-error-info.ts makes it). */
import { isErrorCode } from '../core/error-code';
import type { ErrorInfo } from '../core/error-info';

export type WireError = ErrorInfo;

export function isWireError(value: unknown): value is WireError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, status } = value as Record<string, unknown>;
  return isErrorCode(code) && typeof message === 'string' && (status === undefined || typeof status === 'number');
}
