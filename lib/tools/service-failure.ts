/**
 * A request to an outside service that failed (the team server, a web-search backend, an MCP server reached
 * off its origin), said twice: `message` in English for the model and the logs, `shown` in the user's words for
 * Settings. One class for all of them (issue 20, one error vocabulary); each service makes its own with a small
 * factory and tells its own apart with a guard (`isTeamServerFailure`, `isWebSearchFailure`, `isMcpOriginError`),
 * since `service` says whose failure it is and `kind` why.
 */
export type FailedService = 'team' | 'web-search' | 'mcp';

export interface ServiceFailureOptions extends ErrorOptions {
  /** The service's HTTP status, where it answered one. */
  status?: number;
  /** Seconds the service asked to wait (429/503 `Retry-After`). */
  retryAfterS?: number;
}

export class ServiceFailure<K extends string = string> extends Error {
  readonly status?: number;
  readonly retryAfterS?: number;

  constructor(
    readonly service: FailedService,
    readonly kind: K,
    message: string,
    /** The failure in the user's language, for Settings; never a token or the service's reply. */
    readonly shown: string,
    options: ServiceFailureOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceFailure';
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterS !== undefined) this.retryAfterS = options.retryAfterS;
  }
}

/** Whether `error` is `service`'s failure (its `kind` then one of `K`, the kinds that service's factory makes). */
export const isServiceFailure = <K extends string>(
  error: unknown,
  service: FailedService,
): error is ServiceFailure<K> => error instanceof ServiceFailure && error.service === service;
