/** The small error hierarchy every adapter throws (after openai-node's APIError.generate). */

export type ProviderErrorCode =
  | 'auth'
  | 'permission'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'overloaded'
  | 'server'
  | 'network'
  | 'timeout'
  /** The stream began but then sent nothing for longer than the stall timeout. */
  | 'stalled'
  | 'aborted'
  | 'stream_error'
  | 'unknown';

export interface ProviderErrorInit {
  code: ProviderErrorCode;
  message: string;
  status?: number;
  cause?: unknown;
}

export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly status?: number;

  constructor(init: ProviderErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ProviderError';
    this.code = init.code;
    this.status = init.status;
  }

  /** Whether trying the same request again may succeed. */
  get retryable(): boolean {
    return ['rate_limited', 'overloaded', 'server', 'network', 'timeout', 'stream_error'].includes(this.code);
  }
}

/** The code for an HTTP status, as both vendors document them (529 is Anthropic's "overloaded"). */
export function codeForStatus(status: number): ProviderErrorCode {
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status === 529) return 'overloaded';
  if (status >= 500) return 'server';
  if (status >= 400) return 'bad_request';
  return 'unknown';
}
