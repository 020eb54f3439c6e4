/**
 * The only fetch an MCP transport gets: it reaches the server's own origin and nothing else, whatever the
 * server answers (an SSE `endpoint` event, a redirect, an OAuth metadata URL in WWW-Authenticate). A server
 * cannot use the extension to request other URLs.
 */
import { t } from '../../util/t';
import { isServiceFailure, ServiceFailure } from '../service-failure';

/** A request refused for leaving the MCP server's origin: a ServiceFailure of service 'mcp', kind 'origin'. */
export type McpOriginError = ServiceFailure<'origin'>;

/** The refusal of a request to `requested` by a server only to be reached at `allowed` (both origins). */
export const mcpOriginError = (requested: string, allowed: string): McpOriginError =>
  new ServiceFailure(
    'mcp',
    'origin',
    `refused a request to ${requested}: an MCP server may only be reached at its own origin (${allowed})`,
    t('mcp_failure_origin', requested, allowed),
  );

/** Whether `error` is a request refused for leaving the MCP server's origin. */
export const isMcpOriginError = (error: unknown): error is McpOriginError =>
  isServiceFailure<'origin'>(error, 'mcp') && error.kind === 'origin';

const urlOf = (input: RequestInfo | URL): URL =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

export function guardOriginFetch(serverUrl: string, base: typeof fetch = fetch): typeof fetch {
  const allowed = new URL(serverUrl).origin;
  return (input, init) => {
    const target = urlOf(input);
    if (target.origin !== allowed) return Promise.reject(mcpOriginError(target.origin, allowed));
    // Redirects are not followed at all: a 3xx to elsewhere would be a request the user never configured.
    return base(input, { ...init, redirect: 'error' });
  };
}
