/**
 * The only fetch an MCP transport gets: it reaches the server's own origin and nothing else, whatever the
 * server answers (an SSE `endpoint` event, a redirect, an OAuth metadata URL in WWW-Authenticate). A server
 * cannot use the extension to request other URLs.
 */
export class McpOriginError extends Error {
  constructor(
    readonly requested: string,
    readonly allowed: string,
  ) {
    super(`refused a request to ${requested}: an MCP server may only be reached at its own origin (${allowed})`);
    this.name = 'McpOriginError';
  }
}

const urlOf = (input: RequestInfo | URL): URL =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

export function guardOriginFetch(serverUrl: string, base: typeof fetch = fetch): typeof fetch {
  const allowed = new URL(serverUrl).origin;
  return (input, init) => {
    const target = urlOf(input);
    if (target.origin !== allowed) return Promise.reject(new McpOriginError(target.origin, allowed));
    // Redirects are not followed at all: a 3xx to elsewhere would be a request the user never configured.
    return base(input, { ...init, redirect: 'error' });
  };
}
