/**
 * A listed tool's annotations (MCP spec "ToolAnnotations"), and what they mean for approval, with the spec's
 * defaults: readOnlyHint false, destructiveHint true (meaningful only when not read-only), openWorldHint true.
 * So a tool the server did not annotate counts as destructive and open-world: the conservative reading, since a
 * server that says nothing has not said the tool is harmless. Hints are the server's word and can only make us
 * ask more, never less: a read-only claim still needs the user's allow, and any change to them is a changed tool.
 */
import type { McpToolAnnotations } from './mcp-server-record';
import { isRecord } from '../../util/is-record';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The known hints (booleans only) and a capped title; anything else the server sent is ignored. */
export function readMcpAnnotations(raw: unknown): McpToolAnnotations | undefined {
  if (!isRecord(raw)) return undefined;
  const out: McpToolAnnotations = {};
  for (const hint of HINTS) if (typeof raw[hint] === 'boolean') out[hint] = raw[hint];
  if (typeof raw.title === 'string' && raw.title) out.title = raw.title.slice(0, 200);
  return Object.keys(out).length ? out : undefined;
}

/** May delete or overwrite data: never covered by a standing allow (asked every call). */
export const isDestructiveMcpTool = (a: McpToolAnnotations | undefined): boolean =>
  a?.readOnlyHint !== true && a?.destructiveHint !== false;

/** May reach systems beyond the server itself (the web, other services). */
export const isOpenWorldMcpTool = (a: McpToolAnnotations | undefined): boolean => a?.openWorldHint !== false;
