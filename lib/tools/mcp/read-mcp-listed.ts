/** A server's resources/list or prompts/list answer as short, bounded items for Settings and the composer. */
import type { McpListedItem } from './mcp-server-record';
import { isRecord } from '../../util/is-record';

const MAX_ITEMS = 200;
const str = (v: unknown, max: number) => (typeof v === 'string' && v ? v.slice(0, max) : undefined);

export function readMcpListed(listed: unknown[], withUri: boolean): McpListedItem[] {
  const out: McpListedItem[] = [];
  for (const raw of listed.slice(0, MAX_ITEMS)) {
    if (!isRecord(raw)) continue;
    const uri = withUri ? str(raw.uri, 2000) : undefined;
    const name = str(raw.name, 200) ?? uri;
    if (!name || (withUri && !uri)) continue;
    const description = str(raw.description, 500);
    const mimeType = str(raw.mimeType, 100);
    out.push({
      name,
      ...(uri ? { uri } : {}),
      ...(description ? { description } : {}),
      ...(mimeType ? { mimeType } : {}),
    });
  }
  return out;
}
