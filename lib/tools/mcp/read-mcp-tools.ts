/**
 * A server's tools/list answer as the tools we may offer: each named into the server's namespace, its
 * description capped, its schema checked. Whatever fails is kept with a `problem` (in the user's language), so
 * Settings can say why a tool is not offered instead of it silently missing.
 */
import type { McpToolInfo } from './mcp-server-record';
import { toMcpToolName } from './to-mcp-tool-name';
import { validateMcpSchema } from './validate-mcp-schema';
import { readMcpAnnotations } from './read-mcp-annotations';
import { fingerprintMcpTool } from './fingerprint-mcp-tool';
import { stripInvisibleChars } from '../../page/strip-invisible-chars';
import { t } from '../../util/t';
import { isRecord } from '../../util/is-record';

export const MAX_DESCRIPTION_CHARS = 2_000;
const MAX_TOOLS = 200;

export function readMcpTools(serverName: string, listed: unknown[]): McpToolInfo[] {
  const out: McpToolInfo[] = [];
  const taken = new Set<string>();
  for (const raw of listed.slice(0, MAX_TOOLS)) {
    if (!isRecord(raw) || typeof raw.name !== 'string' || !raw.name.trim()) continue;
    const name = raw.name.slice(0, 200);
    // Text a person cannot see is not passed on to the model either (nor counted as a change of the tool).
    const description = typeof raw.description === 'string' ? stripInvisibleChars(raw.description) : '';
    const qualifiedName = toMcpToolName(serverName, name);
    const info: McpToolInfo = {
      name,
      qualifiedName,
      description:
        description.length > MAX_DESCRIPTION_CHARS
          ? `${description.slice(0, MAX_DESCRIPTION_CHARS)}… [description cut]`
          : description,
      inputSchema: {},
    };
    const annotations = readMcpAnnotations(raw.annotations);
    if (annotations) info.annotations = annotations;
    const schema = validateMcpSchema(raw.inputSchema);
    if (!schema.ok) info.problem = t('mcp_not_offered', schema.reason);
    else info.inputSchema = schema.schema;
    if (taken.has(qualifiedName)) info.problem = t('mcp_not_offered_same_name');
    taken.add(qualifiedName);
    out.push(info);
  }
  return out;
}

/** The tools as listed, each with its fingerprint (what an allow is pinned to). */
export async function readMcpToolsFingerprinted(serverName: string, listed: unknown[]): Promise<McpToolInfo[]> {
  const tools = readMcpTools(serverName, listed);
  return Promise.all(tools.map(async (tool) => ({ ...tool, fingerprint: await fingerprintMcpTool(tool) })));
}
