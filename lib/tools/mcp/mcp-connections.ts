/**
 * The live MCP connections of the worker, one per server: opened lazily (and again after a failure), closed
 * when dropped. A server's `list_changed` and a connection opened after the worker slept both ask for a relist.
 */
import type { McpConnectOptions, McpConnection } from './connect-mcp';
import type { McpServerRecord } from './mcp-server-record';
import type { McpServerStore } from './mcp-server-store';

export interface McpConnections {
  /** The server's live connection, opened now if there is none; `relistAfter`: refresh its lists once open. */
  connection(record: McpServerRecord, relistAfter?: boolean): Promise<McpConnection>;
  /** The open (or opening) connection, if any. */
  current(id: string): Promise<McpConnection> | undefined;
  drop(id: string): void;
}

export function createMcpConnections(deps: {
  store: McpServerStore;
  connect?: (o: McpConnectOptions) => Promise<McpConnection>;
  /** The server's lists may have changed: list them again. */
  relist(id: string): void;
}): McpConnections {
  // The SDK (its schemas take tens of milliseconds to build) loads with the first connection, not at worker start.
  const connectFn = deps.connect ?? ((o: McpConnectOptions) => import('./connect-mcp').then((m) => m.connectMcp(o)));
  const live = new Map<string, Promise<McpConnection>>();
  return {
    current: (id) => live.get(id),
    drop(id) {
      const conn = live.get(id);
      live.delete(id);
      void conn?.then((c) => c.close()).catch((e: unknown) => console.warn('closing an MCP connection', e));
    },
    connection(record, relistAfter = false) {
      let conn = live.get(record.id);
      if (conn) return conn;
      conn = deps.store.headersOf(record).then((headers) =>
        connectFn({
          url: record.url,
          headers,
          timeoutMs: record.timeoutMs,
          ...(record.transport ? { prefer: record.transport } : {}),
          onToolsChanged: () => deps.relist(record.id),
          onClosed: () => {
            if (live.get(record.id) === conn) live.delete(record.id);
          },
        }),
      );
      live.set(record.id, conn);
      // A list_changed sent while we were not connected (the worker slept) was missed: list again once open.
      if (relistAfter)
        void conn
          .then(() => deps.relist(record.id))
          .catch((e: unknown) => console.warn('MCP relist after reconnect', e));
      conn.catch(() => {
        // A failed attempt is forgotten so the next use tries again (the caller reports the failure).
        if (live.get(record.id) === conn) live.delete(record.id);
      });
      return conn;
    },
  };
}
