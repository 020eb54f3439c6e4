/** An error whose message is written for the user (no provider, not found, busy); its code travels with it. */
import type { ErrorCode } from '../core/error-code';

export class UserFacingError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}
