/**
 * What changes a server's record besides a save: its lists read over its connection, a tool's pin when the
 * user allows it, and its status when it is down. Each change is stored, and the registry is rebuilt from it.
 */
import type { McpConnection } from './connect-mcp';
import { describeMcpFailure } from './describe-mcp-failure';
import type { McpConnections } from './mcp-connections';
import type { McpServerStore } from './mcp-server-store';
import { readMcpListed } from './read-mcp-listed';
import { readMcpToolsFingerprinted } from './read-mcp-tools';
import {
  DEFAULT_TOOL_SETTING,
  toMcpServerView,
  type McpServerRecord,
  type McpServerView,
  type McpToolPin,
} from './mcp-server-record';

export function createMcpRecordUpdates({
  deps,
  connections,
  sync,
}: {
  deps: { store: McpServerStore; now(): number };
  connections: McpConnections;
  sync(): Promise<void>;
}) {
  const markDown = async (id: string, state: 'auth-failed' | 'unreachable', reason: string) => {
    const record = await deps.store.get(id);
    if (!record) return;
    record.status = { state, reason, at: deps.now() };
    await deps.store.put(record);
  };

  /** Lists the server's tools, resources and prompts over its connection into the record. */
  const listInto = async (record: McpServerRecord, conn: McpConnection) => {
    const [tools, resources, prompts] = await Promise.all([conn.listTools(), conn.listResources(), conn.listPrompts()]);
    record.tools = await readMcpToolsFingerprinted(record.name, tools);
    record.resources = readMcpListed(resources, true);
    record.prompts = readMcpListed(prompts, false);
    record.transport = conn.transport;
    record.status = { state: 'connected', at: deps.now(), transport: conn.transport };
  };

  /** Records the version of a tool the user allowed (its card was approved); the registry is rebuilt with it. */
  const pinTool = async (serverId: string, tool: string, pin: McpToolPin) => {
    const record = await deps.store.get(serverId);
    if (!record) return;
    const current = record.toolSettings[tool] ?? DEFAULT_TOOL_SETTING;
    if (current.pin?.hash === pin.hash) return;
    record.toolSettings[tool] = { ...current, pin };
    await deps.store.put(record);
    await sync();
  };

  async function relist(id: string) {
    const record = await deps.store.get(id);
    const conn = connections.current(id);
    if (!record || !conn) return;
    await listInto(record, await conn);
    await deps.store.put(record);
    await sync();
  }

  const refreshRecord = async (record: McpServerRecord): Promise<McpServerView> => {
    connections.drop(record.id);
    try {
      await listInto(record, await connections.connection(record));
    } catch (error) {
      connections.drop(record.id);
      const failure = describeMcpFailure(error, record.timeoutMs);
      record.status = {
        state: failure.kind === 'auth-failed' ? 'auth-failed' : 'unreachable',
        reason: failure.shown,
        at: deps.now(),
      };
    }
    await deps.store.put(record);
    await sync();
    return toMcpServerView(record);
  };
  return { markDown, pinTool, relist, refreshRecord };
}
