/**
 * One tool call to an MCP server, as the registered tools make it: over the server's live connection (a new
 * one lists the tools first, so a change made while the worker slept is caught), sent once more after the
 * server lost our session, and every failure turned into a ToolError the model can read, with what the server
 * said kept in the untrusted block.
 */
import { ToolError } from '../tool-error';
import type { McpConnection } from './connect-mcp';
import { MCP_CHANGED_OUTPUT } from './create-mcp-tool';
import { describeMcpFailure } from './describe-mcp-failure';
import { httpStatusOf } from './mcp-http-status';
import { capText } from './format-mcp-result';
import type { McpConnections } from './mcp-connections';
import type { McpServerRecord } from './mcp-server-record';

export interface McpCallContext {
  connections: McpConnections;
  /** The server's record as of the last sync (else read from the store). */
  record(serverId: string): Promise<McpServerRecord | undefined>;
  /** Lists the server's tools again (serialised with the hub's other updates). */
  relist(serverId: string): Promise<void>;
  /** The fingerprint hash of `tool` as last listed. */
  listedHash(serverId: string, tool: string): string | undefined;
  /** Settings says the server is down too, not only the model. */
  markDown(serverId: string, state: 'auth-failed' | 'unreachable', reason: string): void;
}

/** Lists the server's tools again; refuses (a ToolError) when `tool` is no longer the version `expected`. */
async function listBeforeCall(ctx: McpCallContext, serverId: string, tool: string, expected: string) {
  try {
    await ctx.relist(serverId);
  } catch (error) {
    // The listing failed but the connection opened: the call goes on (and fails itself if the server is broken).
    console.warn('MCP list before a call', error);
    return;
  }
  if (ctx.listedHash(serverId, tool) !== expected) throw new ToolError(MCP_CHANGED_OUTPUT);
}

/** The model's sentence for a call that failed on the server's side. */
function failedCallHead(kind: ReturnType<typeof describeMcpFailure>['kind'], where: string, timeoutMs: number): string {
  if (kind === 'timeout')
    return `Error: ${where} did not answer within ${Math.round(timeoutMs / 1000)} s. The call may or may not have taken effect.`;
  if (kind === 'malformed')
    return `Error: ${where} answered with something that is not a valid MCP result. The call may or may not have taken effect.`;
  if (kind === 'refused') return `Error: ${where} returned an error for this call.`;
  return `Error: ${where} failed during the call (${kind === 'auth-failed' ? 'credentials refused' : 'connection lost'}). The call may or may not have taken effect.`;
}

export async function callMcpServer(
  ctx: McpCallContext,
  serverId: string,
  tool: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  expected?: string,
): Promise<unknown> {
  const record = await ctx.record(serverId);
  if (!record) throw new ToolError('Error: this MCP server was removed in Settings; the tool did not run.');
  const where = `the MCP server "${record.name}"`;
  for (let attempt = 0; ; attempt++) {
    let conn: McpConnection;
    // A new connection may follow changes we were never told of (the worker slept): list before the call.
    const checkFirst = expected !== undefined && !ctx.connections.current(serverId);
    try {
      conn = await ctx.connections.connection(record, !checkFirst);
      if (checkFirst) await listBeforeCall(ctx, serverId, tool, expected);
    } catch (error) {
      if (error instanceof ToolError) throw error;
      const f = describeMcpFailure(error, record.timeoutMs);
      ctx.markDown(serverId, f.kind === 'auth-failed' ? 'auth-failed' : 'unreachable', f.shown);
      // The reason may quote the server (an initialize error): it goes in the untrusted block, not in our sentence.
      throw new ToolError(
        `Error: ${where} is ${f.kind === 'auth-failed' ? 'refusing the saved credentials' : 'unreachable'}. The tool did not run. The reason, as reported:`,
        { untrustedDetail: capText(f.reason, 1000) },
      );
    }
    try {
      return await conn.callTool(tool, args, signal);
    } catch (error) {
      if (signal.aborted) throw error; // stopped or timed out by the runtime: it says so itself
      // A server that lost our session (restarted) never ran the call: connect again and send it once more.
      // So did a request that could not be sent at all (connection refused): connect again, or say it is down.
      if (attempt === 0 && (httpStatusOf(error) === 404 || error instanceof TypeError)) {
        ctx.connections.drop(serverId);
        continue;
      }
      const f = describeMcpFailure(error, record.timeoutMs);
      // Only a broken connection is dropped: one bad answer or a slow call must not end the calls beside it.
      if (f.kind === 'unreachable' || f.kind === 'auth-failed') ctx.connections.drop(serverId);
      throw new ToolError(`${failedCallHead(f.kind, where, record.timeoutMs)} Details, as reported:`, {
        untrustedDetail: capText(f.reason, 1000),
      });
    }
  }
}
