/**
 * A tool's fingerprint: SHA-256 of a canonical JSON (keys sorted at every depth, so a server reordering keys
 * is not a change) of what the model is given and what the approval rules read: the description, the input
 * schema and the annotations. The user's allow is pinned to it, so a server that changes a tool after it was
 * allowed (a "rug pull") is asked about again. A collision-resistant hash, because the server writes both
 * versions and could otherwise craft a second description with the same fingerprint.
 */
import type { McpToolFingerprint, McpToolInfo, McpToolPin } from './mcp-server-record';

/** JSON with object keys sorted at every depth; undefined members are left out as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The fingerprint of a listed tool (as the model gets it: the capped description, the checked schema). */
export async function fingerprintMcpTool(
  tool: Pick<McpToolInfo, 'description' | 'inputSchema' | 'annotations'>,
): Promise<McpToolFingerprint> {
  const annotations = tool.annotations ?? {};
  const [hash, schema, annotationsHash] = await Promise.all([
    sha256(canonicalJson({ description: tool.description, inputSchema: tool.inputSchema, annotations })),
    sha256(canonicalJson(tool.inputSchema)),
    sha256(canonicalJson(annotations)),
  ]);
  return { hash, schema, annotations: annotationsHash };
}

/** What the user allowed: the fingerprint and the description they saw. */
export const pinOf = (tool: Pick<McpToolInfo, 'description'>, fingerprint: McpToolFingerprint): McpToolPin => ({
  ...fingerprint,
  description: tool.description,
});

/** How a listed tool differs from the version the user allowed (undefined: it does not). */
export interface McpToolChange {
  description?: { before: string; after: string };
  schema: boolean;
  annotations: boolean;
}

export function diffMcpTool(
  pin: McpToolPin,
  tool: Pick<McpToolInfo, 'description'>,
  fingerprint: McpToolFingerprint,
): McpToolChange | undefined {
  if (pin.hash === fingerprint.hash) return undefined;
  return {
    ...(pin.description !== tool.description
      ? { description: { before: pin.description, after: tool.description } }
      : {}),
    schema: pin.schema !== fingerprint.schema,
    annotations: pin.annotations !== fingerprint.annotations,
  };
}

/**
 * The two descriptions cut to where they differ: the common start and end are replaced by "…", and each side
 * shows `context` characters before the first difference, so a one-word change in a long description is seen.
 */
export function changedWindow(
  before: string,
  after: string,
  max = 240,
  context = 40,
): { before: string; after: string } {
  const a = Array.from(before);
  const b = Array.from(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const from = Math.max(0, start - context);
  const cut = (chars: string[]) => {
    const stop = Math.min(chars.length - end + context, chars.length, from + max);
    return `${from > 0 ? '…' : ''}${chars.slice(from, stop).join('')}${stop < chars.length ? '…' : ''}`;
  };
  return { before: cut(a), after: cut(b) };
}
