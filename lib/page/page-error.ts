/**
 * The one error the page side throws for a command it will not or cannot carry out; its message is written
 * for the model. `kind` says how the page agent reports it: `failed` gets "<command> failed: " in front,
 * `invalid-input` answers a command whose input has the wrong shape, `no-reader` asks the background to inject
 * the page reader into the frame, `no-act-part` the act part (act-part.ts); without a kind the message is final
 * as it is.
 */
export type PageErrorKind = 'failed' | 'invalid-input' | 'no-reader' | 'no-act-part';

export class PageError extends Error {
  constructor(
    message: string,
    readonly kind?: PageErrorKind,
  ) {
    super(message);
    this.name = 'PageError';
  }
}

/** Input that does not have the command's shape; the message names the path and what was expected. */
export const invalidInput = (path: string, expected: string) =>
  new PageError(`Invalid arguments: ${path} must be ${expected}`, 'invalid-input');

/** Whether `error` is a page error of `kind` (undefined: one whose message is final). */
export const isPageError = (error: unknown, kind?: PageErrorKind): error is PageError =>
  error instanceof PageError && error.kind === kind;
