/**
 * Why a server could not be used, twice: in English for the model (a tool error) and in the user's language
 * for Settings (the server's status, a resource that could not be attached). The SDK's errors may quote the
 * server's body, so the reason stays short and is never taken as instructions; the server's own words are
 * passed on as it wrote them, in both.
 */
import { httpStatusOf } from './mcp-http-status';
import { isMcpOriginError } from './guard-origin-fetch';
import { t } from '../../util/t';

export interface McpFailure {
  kind: 'unreachable' | 'auth-failed' | 'timeout' | 'malformed' | 'refused';
  /** For the model, in tool errors: English. */
  reason: string;
  /** For the user, in Settings: the same reason in the user's language. */
  shown: string;
}

/**
 * The SDK's McpError (and its subclasses), recognised by shape: importing its class would load the SDK's schemas
 * at every worker start, though the SDK itself loads only when a server is connected. Codes: the SDK's ErrorCode.
 */
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;
function mcpErrorCode(error: unknown): number | undefined {
  if (!(error instanceof Error) || !error.message.startsWith('MCP error ')) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

const failure = (kind: McpFailure['kind'], reason: string, shown = reason): McpFailure => ({ kind, reason, shown });

export function describeMcpFailure(error: unknown, timeoutMs: number): McpFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (isMcpOriginError(error)) return failure('refused', message, error.shown);
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) {
    return failure(
      'auth-failed',
      `the server refused the credentials (HTTP ${status}); check the token or headers`,
      t('mcp_failure_auth', status),
    );
  }
  const code = mcpErrorCode(error);
  if (code === REQUEST_TIMEOUT) {
    const seconds = Math.round(timeoutMs / 1000);
    return failure('timeout', `no answer within ${seconds} s`, t('mcp_failure_timeout', seconds));
  }
  if (code === CONNECTION_CLOSED) return failure('unreachable', 'the connection closed', t('mcp_failure_closed'));
  if (code !== undefined) return failure('refused', clip(message));
  if (error instanceof SyntaxError || /Invalid (tools\/call )?result|invalid_type|Expected|JSON/i.test(message)) {
    return failure(
      'malformed',
      `the answer is not valid MCP (JSON-RPC): ${clip(message, 200)}`,
      t('mcp_failure_malformed', clip(message, 200)),
    );
  }
  if (error instanceof TypeError)
    return failure(
      'unreachable',
      'could not connect: the server is down, or the URL is wrong',
      t('mcp_failure_connect'),
    );
  if (status !== undefined)
    return failure('unreachable', `the server answered HTTP ${status}`, t('mcp_failure_http', status));
  return failure('unreachable', clip(message));
}
