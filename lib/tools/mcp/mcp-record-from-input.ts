/**
 * The server record a save in Settings makes: a new one, or the existing one with its new name, address,
 * timeout and headers. Names must stay unique (they name the tools), and saved secrets never follow the server
 * to another origin.
 */
import { UserFacingError } from '../../messaging/user-facing-error';
import { t } from '../../util/t';
import { nextCreatedAt } from '../../util/next-created-at';
import { DEFAULT_MCP_TIMEOUT_MS, type McpServerInput, type McpServerRecord } from './mcp-server-record';
import type { McpServerStore } from './mcp-server-store';
import { serverSlug } from './to-mcp-tool-name';

/** A form mistake the user can fix: a user-facing error in the user's language. */
const inputError = (message: string) => new UserFacingError('invalid', message);

export { inputError };

export async function mcpRecordFromInput(
  input: McpServerInput,
  deps: { store: McpServerStore; now(): number; generateId(): string },
): Promise<McpServerRecord> {
  const existing = input.id ? await deps.store.get(input.id) : undefined;
  if (input.id && !existing) throw inputError(t('mcp_server_gone'));
  const others = (await deps.store.list()).filter((s) => s.id !== input.id);
  if (others.some((s) => serverSlug(s.name) === serverSlug(input.name)))
    throw inputError(t('mcp_server_name_taken', input.name));
  const record: McpServerRecord = existing ?? {
    id: deps.generateId(),
    name: input.name,
    url: input.url,
    timeoutMs: DEFAULT_MCP_TIMEOUT_MS,
    headerNames: [],
    tools: [],
    toolSettings: {},
    resources: [],
    prompts: [],
    status: { state: 'never' },
    createdAt: nextCreatedAt(deps.now(), others),
  };
  const moved = existing && new URL(existing.url).origin !== new URL(input.url).origin;
  if (moved && input.headers === undefined && input.bearerToken === undefined && existing.secretHeaders) {
    throw inputError(t('mcp_host_changed'));
  }
  record.name = input.name;
  record.url = input.url;
  if (input.timeoutMs !== undefined) record.timeoutMs = input.timeoutMs;
  if (input.headers !== undefined || input.bearerToken !== undefined) {
    const headers = { ...(input.headers ?? (existing ? await deps.store.headersOf(existing) : {})) };
    for (const k of Object.keys(headers))
      if (k.toLowerCase() === 'authorization' && input.bearerToken !== undefined) delete headers[k];
    if (input.bearerToken) headers.Authorization = `Bearer ${input.bearerToken}`;
    record.headerNames = Object.keys(headers);
    if (record.headerNames.length) record.secretHeaders = await deps.store.sealHeaders(headers);
    else delete record.secretHeaders;
  }
  return record;
}
