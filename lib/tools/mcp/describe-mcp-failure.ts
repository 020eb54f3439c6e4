/**
 * Why a server could not be used, twice: in English for the model (a tool error) and in the user's language
 * for Settings (the server's status, a resource that could not be attached). The SDK's errors may quote the
 * server's body, so the reason stays short and is never taken as instructions; the server's own words are
 * passed on as it wrote them, in both.
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { httpStatusOf } from './connect-mcp';
import { McpOriginError } from './guard-origin-fetch';
import { t } from '../../util/t';

export interface McpFailure {
  kind: 'unreachable' | 'auth-failed' | 'timeout' | 'malformed' | 'refused';
  /** For the model, in tool errors: English. */
  reason: string;
  /** For the user, in Settings: the same reason in the user's language. */
  shown: string;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

const failure = (kind: McpFailure['kind'], reason: string, shown = reason): McpFailure => ({ kind, reason, shown });

export function describeMcpFailure(error: unknown, timeoutMs: number): McpFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof McpOriginError)
    return failure('refused', message, t('mcp_failure_origin', error.requested, error.allowed));
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) {
    return failure(
      'auth-failed',
      `the server refused the credentials (HTTP ${status}); check the token or headers`,
      t('mcp_failure_auth', status),
    );
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    const seconds = Math.round(timeoutMs / 1000);
    return failure('timeout', `no answer within ${seconds} s`, t('mcp_failure_timeout', seconds));
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
    return failure('unreachable', 'the connection closed', t('mcp_failure_closed'));
  if (error instanceof McpError) return failure('refused', clip(message));
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
