/**
 * One live connection to an MCP server through the official SDK client: Streamable HTTP first, the older
 * SSE transport when the server answers as an SSE server. Requests go through a fetch that reaches only the
 * server's origin, with the user's headers (decrypted by the caller, in the background).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { httpStatusOf } from './mcp-http-status';
import { guardOriginFetch } from './guard-origin-fetch';

export type McpTransportKind = 'streamable-http' | 'sse';

export interface McpConnectOptions {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** The transport that worked last time, tried first. */
  prefer?: McpTransportKind;
  fetch?: typeof fetch;
  onToolsChanged(): void;
  /** The connection ended (server gone, stream closed): the next use connects again. */
  onClosed(): void;
}

export interface McpConnection {
  readonly transport: McpTransportKind;
  listTools(): Promise<unknown[]>;
  listResources(): Promise<unknown[]>;
  listPrompts(): Promise<unknown[]>;
  readResource(uri: string, signal?: AbortSignal): Promise<unknown>;
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The SDK's default validator compiles output schemas with Ajv, which generates code (refused by the
 * worker's CSP). Results are untrusted data we cap and wrap, so they are not validated against the server's
 * own schema.
 */
const acceptAll: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

const isAuthStatus = (s: number | undefined) => s === 401 || s === 403;

async function open(kind: McpTransportKind, o: McpConnectOptions): Promise<{ client: Client; transport: Transport }> {
  const url = new URL(o.url);
  const guarded = guardOriginFetch(o.url, o.fetch);
  const requestInit = { headers: o.headers };
  const transport: Transport =
    kind === 'streamable-http'
      ? new StreamableHTTPClientTransport(url, { fetch: guarded, requestInit })
      : new SSEClientTransport(url, { fetch: guarded, requestInit, eventSourceInit: { fetch: guarded } });
  const client = new Client(
    { name: 'tabwise', version: '0.1.0' },
    { capabilities: {}, jsonSchemaValidator: acceptAll },
  );
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => o.onToolsChanged());
  client.onclose = () => o.onClosed();
  try {
    await client.connect(transport, { timeout: o.timeoutMs });
  } catch (error) {
    await client.close().catch((e: unknown) => console.warn('closing a failed MCP connection', e));
    throw error;
  }
  return { client, transport };
}

/** Connects, falling back to the other transport unless the server refused our credentials. */
export async function connectMcp(o: McpConnectOptions): Promise<McpConnection> {
  const order: McpTransportKind[] = o.prefer === 'sse' ? ['sse', 'streamable-http'] : ['streamable-http', 'sse'];
  let opened: { client: Client; transport: Transport } | undefined;
  let used: McpTransportKind = order[0]!;
  try {
    opened = await open(order[0]!, o);
  } catch (first) {
    if (isAuthStatus(httpStatusOf(first))) throw first;
    try {
      used = order[1]!;
      opened = await open(used, o);
    } catch (second) {
      // The second transport's failure explains more only when it is about credentials.
      throw isAuthStatus(httpStatusOf(second)) ? second : first;
    }
  }
  const { client } = opened;
  return {
    transport: used,
    listTools: async () =>
      client.getServerCapabilities()?.tools ? (await client.listTools(undefined, { timeout: o.timeoutMs })).tools : [],
    listResources: async () =>
      client.getServerCapabilities()?.resources
        ? (await client.listResources(undefined, { timeout: o.timeoutMs })).resources
        : [],
    listPrompts: async () =>
      client.getServerCapabilities()?.prompts
        ? (await client.listPrompts(undefined, { timeout: o.timeoutMs })).prompts
        : [],
    readResource: (uri, signal) =>
      client.readResource({ uri }, { timeout: o.timeoutMs, ...(signal ? { signal } : {}) }),
    callTool: (name, args, signal) =>
      client.callTool({ name, arguments: args }, undefined, { timeout: o.timeoutMs, signal }),
    close: () => client.close(),
  };
}
