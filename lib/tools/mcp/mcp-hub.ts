/**
 * The MCP client side of the worker: the servers the user added, their live connections (opened lazily and
 * again after a failure), and their enabled tools in the tool registry beside the built-ins. Settings talks
 * to it through the background's mcp.* requests; runs reach it through the tools it registers.
 */
import type { ToolRegistry } from '../tool-registry';
import type { McpConnectOptions, McpConnection } from './connect-mcp';
import { callMcpServer } from './call-mcp-server';
import { createMcpConnections } from './mcp-connections';
import { createMcpRecordUpdates } from './mcp-record-updates';
import { MAX_RESOURCE_CHARS, readMcpResource } from './read-mcp-resource';
import { inputError, mcpRecordFromInput } from './mcp-record-from-input';
import { createMcpTool, type CallMcpTool } from './create-mcp-tool';
import { pinOf } from './fingerprint-mcp-tool';
import { isDestructiveMcpTool } from './read-mcp-annotations';
import {
  DEFAULT_TOOL_SETTING,
  toMcpServerView,
  type McpServerInput,
  type McpServerRecord,
  type McpServerView,
  type McpToolPolicy,
} from './mcp-server-record';
import type { McpServerStore } from './mcp-server-store';
import { t } from '../../util/t';
import { UserFacingError } from '../../messaging/user-facing-error';
import { ToolError } from '../tool-error';

export { MAX_RESOURCE_CHARS };

export interface McpHubDeps {
  store: McpServerStore;
  now: () => number;
  generateId: () => string;
  connect?: (o: McpConnectOptions) => Promise<McpConnection>;
  /**
   * Whether the organisation's policy lets a server at `url` be attached (lib/policy; default: every server).
   * One it does not is not saved, connected, listed into the registry or called.
   */
  isAllowed?: (url: string) => Promise<boolean>;
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
  setTool(change: {
    serverId: string;
    tool: string;
    enabled?: boolean;
    policy?: McpToolPolicy;
  }): Promise<McpServerView>;
  resources(): Promise<McpResourceGroup[]>;
  readResource(serverId: string, uri: string): Promise<{ serverName: string; uri: string; text: string }>;
  /** What the registered tools call (the bench measures it directly in the worker). */
  call: CallMcpTool;
  /** The policy changed: the registry again holds only the tools of servers it allows. */
  policyChanged(): Promise<void>;
}

export function createMcpHub(deps: McpHubDeps): McpHub {
  const isAllowed = deps.isAllowed ?? (async () => true);
  const refuseUnlessAllowed = async (url: string) => {
    if (!(await isAllowed(url))) throw new UserFacingError('not_allowed', t('mcp_not_allowed'));
  };
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
  const connections = createMcpConnections({
    store: deps.store,
    ...(deps.connect ? { connect: deps.connect } : {}),
    relist: (id) => void serial(() => relist(id)).catch((e: unknown) => console.warn('MCP relist', e)),
  });

  /** The registry holds exactly the enabled, usable tools of the saved servers (read first, then swapped). */
  const sync = async () => {
    const records = await deps.store.list();
    known = new Map(records.map((r) => [r.id, r]));
    if (!registry) return;
    for (const name of registered) registry.unregister(name);
    registered = [];
    const allowed = await Promise.all(records.map((r) => isAllowed(r.url)));
    for (const [i, record] of records.entries()) {
      if (!allowed[i]) continue;
      for (const info of record.tools) {
        const setting = record.toolSettings[info.name] ?? DEFAULT_TOOL_SETTING;
        if (info.problem || !setting.enabled) continue;
        try {
          const tool = createMcpTool(record, info, setting, call, {
            pin: (pin) => serial(() => pinTool(record.id, info.name, pin)),
            current: () => known.get(record.id)?.tools.find((x) => x.name === info.name)?.fingerprint,
          });
          registry.register(tool, 'mcp');
          registered.push(tool.name);
        } catch (error) {
          console.warn(`MCP tool ${info.qualifiedName} not registered`, error);
        }
      }
    }
  };

  const { markDown, pinTool, relist, refreshRecord } = createMcpRecordUpdates({
    deps,
    connections,
    sync: () => sync(),
  });

  const callServer: CallMcpTool = (serverId, tool, args, signal, expected) =>
    callMcpServer(
      {
        connections,
        record: async (id) => known.get(id) ?? (await deps.store.get(id)),
        relist: (id) => serial(() => relist(id)),
        listedHash: (id, name) => known.get(id)?.tools.find((x) => x.name === name)?.fingerprint?.hash,
        markDown: (id, state, reason) => void serial(() => markDown(id, state, reason)),
      },
      serverId,
      tool,
      args,
      signal,
      expected,
    );
  // Checked at the call too: a policy that changed mid-run stops the next call, not only the next listing.
  const call: CallMcpTool = async (serverId, tool, args, signal, expected) => {
    const record = known.get(serverId) ?? (await deps.store.get(serverId));
    if (record && !(await isAllowed(record.url)))
      throw new ToolError(`Refused: the organisation's policy does not allow the MCP server "${record.name}".`);
    return callServer(serverId, tool, args, signal, expected);
  };

  return {
    async attach(r) {
      registry = r;
      await sync();
    },
    list: async () =>
      Promise.all(
        (await deps.store.list()).map(async (r) => ({
          ...toMcpServerView(r),
          ...((await isAllowed(r.url)) ? {} : { notAllowed: true as const }),
        })),
      ),
    save: (input) =>
      serial(async () => {
        await refuseUnlessAllowed(input.url);
        return refreshRecord(await mcpRecordFromInput(input, deps));
      }),
    refresh: (id) =>
      serial(async () => {
        const record = await deps.store.get(id);
        if (!record) throw inputError(t('mcp_server_gone'));
        await refuseUnlessAllowed(record.url);
        return refreshRecord(record);
      }),
    remove: (id) =>
      serial(async () => {
        connections.drop(id);
        await deps.store.delete(id);
        await sync();
      }),
    setTool: (change) =>
      serial(async () => {
        const record = await applyToolSetting(deps.store, change);
        await sync();
        return toMcpServerView(record);
      }),
    resources: async () => {
      const records = await deps.store.list();
      const allowed = await Promise.all(records.map((r) => isAllowed(r.url)));
      return listMcpResources(records.filter((_, i) => allowed[i]));
    },
    readResource: async (serverId, uri) => {
      const record = await deps.store.get(serverId);
      if (record) await refuseUnlessAllowed(record.url);
      return readMcpResource(deps.store, connections, serverId, uri);
    },
    call,
    policyChanged: () => serial(sync),
  };
}

/** A tool's on/off switch or policy changed in Settings; Allow pins the tool as it is listed now. */
async function applyToolSetting(
  store: McpServerStore,
  { serverId, tool, enabled, policy }: { serverId: string; tool: string; enabled?: boolean; policy?: McpToolPolicy },
) {
  const record = await store.get(serverId);
  const info = record?.tools.find((x) => x.name === tool);
  if (!record || !info) throw inputError(t('mcp_tool_gone'));
  // A destructive tool asks every time: Allow is refused here (and would not be honoured at run time).
  if (policy === 'allow' && isDestructiveMcpTool(info.annotations))
    throw inputError(t('mcp_allow_destructive', info.name));
  const current = record.toolSettings[tool] ?? DEFAULT_TOOL_SETTING;
  record.toolSettings[tool] = { ...current, enabled: enabled ?? current.enabled, policy: policy ?? current.policy };
  // Choosing Allow allows the tool as it is listed now: a later change is asked again.
  if (policy === 'allow' && info.fingerprint) record.toolSettings[tool].pin = pinOf(info, info.fingerprint);
  await store.put(record);
  return record;
}

/** The servers' listed resources, for the composer's attach menu. */
function listMcpResources(records: McpServerRecord[]): McpResourceGroup[] {
  return records
    .filter((s) => s.resources.length > 0)
    .map((s) => ({
      serverId: s.id,
      serverName: s.name,
      resources: s.resources.map((r) => ({
        uri: r.uri ?? '',
        name: r.name,
        ...(r.description ? { description: r.description } : {}),
        ...(r.mimeType ? { mimeType: r.mimeType } : {}),
      })),
    }));
}
