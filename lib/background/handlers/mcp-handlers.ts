/**
 * mcp.*: Settings → Tools (servers, their tools and policies) and the composer's resource picker. Header
 * values never come back: views say which headers are set. A resource attached to a message comes back as
 * a marked untrusted-data block (its invisible characters removed by the hub), so what a server wrote reads as
 * data wherever it lands.
 */
import { newDataBoundary } from '../../agent/new-data-boundary';
import { wrapUntrusted } from '../../agent/wrap-untrusted';
import { collapseLabel } from '../../tools/collapse-label';
import type { McpHub } from '../../tools/mcp/mcp-hub';
import type { Awaitable, HandlerSet } from './handler-set';

type McpRequest =
  'mcp.list' | 'mcp.save' | 'mcp.refresh' | 'mcp.delete' | 'mcp.setTool' | 'mcp.resources' | 'mcp.readResource';

export function createMcpHandlers(deps: { mcp: Awaitable<McpHub> }): HandlerSet<McpRequest> {
  return {
    'mcp.list': async () => (await deps.mcp).list(),
    'mcp.save': async (input) => (await deps.mcp).save(input),
    'mcp.refresh': async ({ id }) => (await deps.mcp).refresh(id),
    'mcp.delete': async ({ id }) => (await deps.mcp).remove(id),
    'mcp.setTool': async (change) => (await deps.mcp).setTool(change),
    'mcp.resources': async () => (await deps.mcp).resources(),
    'mcp.readResource': async ({ serverId, uri }) => {
      const res = await (await deps.mcp).readResource(serverId, uri);
      const block = wrapUntrusted('page_content', res.text, newDataBoundary(), 'mcp_resource');
      // The URI is the server's too: outside the block it is one line without invisible characters.
      return {
        serverName: res.serverName,
        uri: res.uri,
        text: `Attached resource ${collapseLabel(res.uri, 300)} from the MCP server "${res.serverName}":\n${block}`,
      };
    },
  };
}
