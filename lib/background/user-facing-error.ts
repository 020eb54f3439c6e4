/** An error whose message is written for the user (no provider, not found, busy); its code travels with it. */
export class UserFacingError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}
