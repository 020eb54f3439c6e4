/** A resource of a server, read for attaching to a message: its text only, cleaned of invisible characters and capped. */
import { stripInvisibleChars } from '../../page/strip-invisible-chars';
import { isRecord } from '../../util/is-record';
import { t } from '../../util/t';
import { describeMcpFailure } from './describe-mcp-failure';
import { capText } from './format-mcp-result';
import type { McpConnections } from './mcp-connections';
import { inputError } from './mcp-record-from-input';
import type { McpServerStore } from './mcp-server-store';

export const MAX_RESOURCE_CHARS = 20_000;

export async function readMcpResource(
  store: McpServerStore,
  connections: McpConnections,
  serverId: string,
  uri: string,
): Promise<{ serverName: string; uri: string; text: string }> {
  const record = await store.get(serverId);
  if (!record || !record.resources.some((r) => r.uri === uri)) throw inputError(t('mcp_resource_gone'));
  let result: unknown;
  try {
    result = await (await connections.connection(record)).readResource(uri);
  } catch (error) {
    connections.drop(serverId);
    throw inputError(t('mcp_resource_read_failed', record.name, describeMcpFailure(error, record.timeoutMs).shown));
  }
  const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
  const texts = contents.map((c: unknown) =>
    isRecord(c) && typeof c.text === 'string' ? c.text : '[binary content omitted]',
  );
  // Attached to a message, it reaches the model: text a person cannot see is removed, as from pages.
  return {
    serverName: record.name,
    uri,
    text: capText(stripInvisibleChars(texts.join('\n\n')) || '(empty)', MAX_RESOURCE_CHARS),
  };
}
