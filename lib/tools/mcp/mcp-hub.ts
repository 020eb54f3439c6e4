/**
 * The MCP client side of the worker: the servers the user added, their live connections (opened lazily and
 * again after a failure), and their enabled tools in the tool registry beside the built-ins. Settings talks
 * to it through the background's mcp.* requests; runs reach it through the tools it registers.
 */
import type { Tool } from '../define-tool';
import { ToolError } from '../tool-error';
import type { ToolRegistry } from '../tool-registry';
import { connectMcp, httpStatusOf, type McpConnectOptions, type McpConnection } from './connect-mcp';
import { createMcpTool, MCP_CHANGED_OUTPUT, type CallMcpTool } from './create-mcp-tool';
import { describeMcpFailure } from './describe-mcp-failure';
import { capText } from './format-mcp-result';
import { readMcpListed } from './read-mcp-listed';
import { readMcpToolsFingerprinted } from './read-mcp-tools';
import { pinOf } from './fingerprint-mcp-tool';
import { isDestructiveMcpTool } from './read-mcp-annotations';
import {
  DEFAULT_MCP_TIMEOUT_MS, DEFAULT_TOOL_SETTING, toMcpServerView,
  type McpServerInput, type McpServerRecord, type McpServerView, type McpToolPin, type McpToolPolicy,
} from './mcp-server-record';
import type { McpServerStore } from './mcp-server-store';
import { serverSlug } from './to-mcp-tool-name';
import { stripInvisibleChars } from '../../page/strip-invisible-chars';
import { t } from '../../util/t';
import { isRecord } from '../../util/is-record';
import { nextCreatedAt } from '../../util/next-created-at';

/** A form mistake the user can fix (the background turns it into a user-facing error): its message is in the user's language. */
export class McpInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpInputError';
  }
}

export const MAX_RESOURCE_CHARS = 20_000;

export interface McpHubDeps {
  store: McpServerStore;
  now: () => number;
  generateId: () => string;
  connect?: (o: McpConnectOptions) => Promise<McpConnection>;
}

export interface McpResourceGroup {
  serverId: string;
  serverName: string;
  resources: { uri: string; name: string; description?: string; mimeType?: string }[];
}

export interface McpHub {
  /** Registers the saved servers' enabled tools (from their last listing; no network) into `registry`. */
  attach(registry: ToolRegistry): Promise<void>;
  list(): Promise<McpServerView[]>;
  /** Saves the server and connects to it, listing its tools (a failure is its status, not an error). */
  save(input: McpServerInput): Promise<McpServerView>;
  /** Connects again and lists the tools, resources and prompts ("Test connection"). */
  refresh(id: string): Promise<McpServerView>;
  remove(id: string): Promise<void>;
  setTool(change: { serverId: string; tool: string; enabled?: boolean; policy?: McpToolPolicy }): Promise<McpServerView>;
  resources(): Promise<McpResourceGroup[]>;
  readResource(serverId: string, uri: string): Promise<{ serverName: string; uri: string; text: string }>;
  /** What the registered tools call (the bench measures it directly in the worker). */
  call: CallMcpTool;
}

export function createMcpHub(deps: McpHubDeps): McpHub {
  const connectFn = deps.connect ?? connectMcp;
  const live = new Map<string, Promise<McpConnection>>();
  let registry: ToolRegistry | undefined;
  let registered: string[] = [];
  // The records as of the last sync: a tool call reads its server from here, not from IndexedDB each time.
  let known = new Map<string, McpServerRecord>();
  // Saves, refreshes and relists are serialised, so a list_changed cannot overwrite a newer listing.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch((e: unknown) => console.warn('MCP update failed', e));
    return next;
  };

  const drop = (id: string) => {
    const conn = live.get(id);
    live.delete(id);
    void conn?.then((c) => c.close()).catch((e: unknown) => console.warn('closing an MCP connection', e));
  };

  /** The server's live connection, opened now if there is none; `relistAfter`: refresh its lists once open. */
  const connection = (record: McpServerRecord, relistAfter = false): Promise<McpConnection> => {
    let conn = live.get(record.id);
    if (!conn) {
      conn = deps.store.headersOf(record).then((headers) =>
        connectFn({
          url: record.url,
          headers,
          timeoutMs: record.timeoutMs,
          ...(record.transport ? { prefer: record.transport } : {}),
          onToolsChanged: () => void serial(() => relist(record.id)).catch((e: unknown) => console.warn('MCP list_changed', e)),
          onClosed: () => {
            if (live.get(record.id) === conn) live.delete(record.id);
          },
        }),
      );
      live.set(record.id, conn);
      // A list_changed sent while we were not connected (the worker slept) was missed: list again once open.
      if (relistAfter) void conn.then(() => serial(() => relist(record.id))).catch((e: unknown) => console.warn('MCP relist after reconnect', e));
      conn.catch(() => {
        // A failed attempt is forgotten so the next use tries again (the caller reports the failure).
        if (live.get(record.id) === conn) live.delete(record.id);
      });
    }
    return conn;
  };

  const sync = async () => {
    // Read first, then swap: the registry is never without the servers' tools while a request is built.
    const records = await deps.store.list();
    known = new Map(records.map((r) => [r.id, r]));
    if (!registry) return;
    for (const name of registered) registry.unregister(name);
    registered = [];
    for (const record of records) {
      for (const info of record.tools) {
        const setting = record.toolSettings[info.name] ?? DEFAULT_TOOL_SETTING;
        if (info.problem || !setting.enabled) continue;
        let tool: Tool;
        try {
          tool = createMcpTool(record, info, setting, call, {
            pin: (pin) => serial(() => pinTool(record.id, info.name, pin)),
            current: () => known.get(record.id)?.tools.find((x) => x.name === info.name)?.fingerprint,
          });
          registry.register(tool, 'mcp');
        } catch (error) {
          console.warn(`MCP tool ${info.qualifiedName} not registered`, error);
          continue;
        }
        registered.push(tool.name);
      }
    }
  };

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

  const relist = async (id: string) => {
    const record = await deps.store.get(id);
    const conn = live.get(id);
    if (!record || !conn) return;
    await listInto(record, await conn);
    await deps.store.put(record);
    await sync();
  };

  /** Lists the server's tools again; refuses (a ToolError) when `tool` is no longer the version `expected`. */
  const listBeforeCall = async (serverId: string, tool: string, expected: string) => {
    try {
      await serial(() => relist(serverId));
    } catch (error) {
      // The listing failed but the connection opened: the call goes on (and fails itself if the server is broken).
      console.warn('MCP list before a call', error);
      return;
    }
    if (known.get(serverId)?.tools.find((x) => x.name === tool)?.fingerprint?.hash !== expected) throw new ToolError(MCP_CHANGED_OUTPUT);
  };

  const refreshRecord = async (record: McpServerRecord): Promise<McpServerView> => {
    drop(record.id);
    try {
      await listInto(record, await connection(record));
    } catch (error) {
      drop(record.id);
      const failure = describeMcpFailure(error, record.timeoutMs);
      record.status = { state: failure.kind === 'auth-failed' ? 'auth-failed' : 'unreachable', reason: failure.shown, at: deps.now() };
    }
    await deps.store.put(record);
    await sync();
    return toMcpServerView(record);
  };

  async function call(serverId: string, tool: string, args: Record<string, unknown>, signal: AbortSignal, expected?: string): Promise<unknown> {
    const record = known.get(serverId) ?? (await deps.store.get(serverId));
    if (!record) throw new ToolError('Error: this MCP server was removed in Settings; the tool did not run.');
    const where = `the MCP server "${record.name}"`;
    for (let attempt = 0; ; attempt++) {
      let conn: McpConnection;
      // A new connection may follow changes we were never told of (the worker slept): list before the call.
      const checkFirst = expected !== undefined && !live.has(serverId);
      try {
        conn = await connection(record, !checkFirst);
        if (checkFirst) await listBeforeCall(serverId, tool, expected);
      } catch (error) {
        if (error instanceof ToolError) throw error;
        const f = describeMcpFailure(error, record.timeoutMs);
        // Settings says so too, not only the model.
        void serial(() => markDown(serverId, f.kind === 'auth-failed' ? 'auth-failed' : 'unreachable', f.shown));
        // The reason may quote the server (an initialize error): it goes in the untrusted block, not in our sentence.
        throw new ToolError(`Error: ${where} is ${f.kind === 'auth-failed' ? 'refusing the saved credentials' : 'unreachable'}. The tool did not run. The reason, as reported:`, { untrustedDetail: capText(f.reason, 1000) });
      }
      try {
        return await conn.callTool(tool, args, signal);
      } catch (error) {
        if (signal.aborted) throw error; // stopped or timed out by the runtime: it says so itself
        // A server that lost our session (restarted) never ran the call: connect again and send it once more.
        // So did a request that could not be sent at all (connection refused): connect again, or say it is down.
        if (attempt === 0 && (httpStatusOf(error) === 404 || error instanceof TypeError)) {
          drop(serverId);
          continue;
        }
        const f = describeMcpFailure(error, record.timeoutMs);
        // Only a broken connection is dropped: one bad answer or a slow call must not end the calls beside it.
        if (f.kind === 'unreachable' || f.kind === 'auth-failed') drop(serverId);
        const head =
          f.kind === 'timeout' ? `Error: ${where} did not answer within ${Math.round(record.timeoutMs / 1000)} s. The call may or may not have taken effect.`
          : f.kind === 'malformed' ? `Error: ${where} answered with something that is not a valid MCP result. The call may or may not have taken effect.`
          : f.kind === 'refused' ? `Error: ${where} returned an error for this call.`
          : `Error: ${where} failed during the call (${f.kind === 'auth-failed' ? 'credentials refused' : 'connection lost'}). The call may or may not have taken effect.`;
        throw new ToolError(`${head} Details, as reported:`, { untrustedDetail: capText(f.reason, 1000) });
      }
    }
  }

  return {
    async attach(r) {
      registry = r;
      await sync();
    },
    list: async () => (await deps.store.list()).map(toMcpServerView),
    save: (input) =>
      serial(async () => {
        const existing = input.id ? await deps.store.get(input.id) : undefined;
        if (input.id && !existing) throw new McpInputError(t('mcp_server_gone'));
        const others = (await deps.store.list()).filter((s) => s.id !== input.id);
        if (others.some((s) => serverSlug(s.name) === serverSlug(input.name))) throw new McpInputError(t('mcp_server_name_taken', input.name));
        const record: McpServerRecord = existing ?? {
          id: deps.generateId(), name: input.name, url: input.url, timeoutMs: DEFAULT_MCP_TIMEOUT_MS, headerNames: [],
          tools: [], toolSettings: {}, resources: [], prompts: [], status: { state: 'never' }, createdAt: nextCreatedAt(deps.now(), others),
        };
        const moved = existing && new URL(existing.url).origin !== new URL(input.url).origin;
        // Saved secrets never follow the server to another origin (as with provider keys).
        if (moved && input.headers === undefined && input.bearerToken === undefined && existing.secretHeaders) {
          throw new McpInputError(t('mcp_host_changed'));
        }
        record.name = input.name;
        record.url = input.url;
        if (input.timeoutMs !== undefined) record.timeoutMs = input.timeoutMs;
        if (input.headers !== undefined || input.bearerToken !== undefined) {
          const headers = { ...(input.headers ?? (existing ? await deps.store.headersOf(existing) : {})) };
          for (const k of Object.keys(headers)) if (k.toLowerCase() === 'authorization' && input.bearerToken !== undefined) delete headers[k];
          if (input.bearerToken) headers.Authorization = `Bearer ${input.bearerToken}`;
          record.headerNames = Object.keys(headers);
          if (record.headerNames.length) record.secretHeaders = await deps.store.sealHeaders(headers);
          else delete record.secretHeaders;
        }
        return refreshRecord(record);
      }),
    refresh: (id) =>
      serial(async () => {
        const record = await deps.store.get(id);
        if (!record) throw new McpInputError(t('mcp_server_gone'));
        return refreshRecord(record);
      }),
    remove: (id) =>
      serial(async () => {
        drop(id);
        await deps.store.delete(id);
        await sync();
      }),
    setTool: ({ serverId, tool, enabled, policy }) =>
      serial(async () => {
        const record = await deps.store.get(serverId);
        const info = record?.tools.find((x) => x.name === tool);
        if (!record || !info) throw new McpInputError(t('mcp_tool_gone'));
        // A destructive tool asks every time: Allow is refused here (and would not be honoured at run time).
        if (policy === 'allow' && isDestructiveMcpTool(info.annotations)) throw new McpInputError(t('mcp_allow_destructive', info.name));
        const current = record.toolSettings[tool] ?? DEFAULT_TOOL_SETTING;
        record.toolSettings[tool] = { ...current, enabled: enabled ?? current.enabled, policy: policy ?? current.policy };
        // Choosing Allow allows the tool as it is listed now: a later change is asked again.
        if (policy === 'allow' && info.fingerprint) record.toolSettings[tool].pin = pinOf(info, info.fingerprint);
        await deps.store.put(record);
        await sync();
        return toMcpServerView(record);
      }),
    async resources() {
      return (await deps.store.list())
        .filter((s) => s.resources.length > 0)
        .map((s) => ({ serverId: s.id, serverName: s.name, resources: s.resources.map((r) => ({ uri: r.uri ?? '', name: r.name, ...(r.description ? { description: r.description } : {}), ...(r.mimeType ? { mimeType: r.mimeType } : {}) })) }));
    },
    async readResource(serverId, uri) {
      const record = await deps.store.get(serverId);
      if (!record || !record.resources.some((r) => r.uri === uri)) throw new McpInputError(t('mcp_resource_gone'));
      let result: unknown;
      try {
        result = await (await connection(record)).readResource(uri);
      } catch (error) {
        drop(serverId);
        throw new McpInputError(t('mcp_resource_read_failed', record.name, describeMcpFailure(error, record.timeoutMs).shown));
      }
      const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
      const texts = contents.map((c: unknown) => (isRecord(c) && typeof c.text === 'string' ? c.text : '[binary content omitted]'));
      // Attached to a message, it reaches the model: text a person cannot see is removed, as from pages.
      return { serverName: record.name, uri, text: capText(stripInvisibleChars(texts.join('\n\n')) || '(empty)', MAX_RESOURCE_CHARS) };
    },
    call,
  };
}
