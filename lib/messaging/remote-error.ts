/** The one error a caller gets from any protocol: the receiver's error (code kept), or why no answer came. */
import type { ErrorCode } from '../core/error-code';
import type { WireError } from './wire-error';

export class RemoteError extends Error {
  readonly code: ErrorCode;
  readonly status?: number;

  constructor(error: WireError, options?: { cause?: unknown }) {
    super(error.message, options);
    this.name = 'RemoteError';
    this.code = error.code;
    if (error.status !== undefined) this.status = error.status;
  }
}
