/**
 * MCP servers the user added in Settings → Tools: what is stored, what the pages may see, and what they may
 * send. Secrets (headers, bearer token) are stored encrypted and never leave the background.
 */
import { z } from 'zod';
import type { EncryptedSecret } from '../../core/encrypted-secret';
import { t } from '../../util/t';

export type McpToolPolicy = 'ask' | 'allow' | 'deny';

/** The MCP spec's behaviour hints a server may give a tool (its word only: a read-only claim makes Allow possible, never skips the pin or the data-flow check). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** SHA-256 hashes (hex) of a tool as listed: the whole of it, and its schema and annotations alone (to say which changed). */
export interface McpToolFingerprint {
  hash: string;
  schema: string;
  annotations: string;
}

/** The version of a tool the user allowed: its fingerprint and the description they saw then (for the "what changed" card). */
export interface McpToolPin extends McpToolFingerprint {
  description: string;
}

/** A tool as the server listed it, after our checks: `problem` set means it is not offered to the model. */
export interface McpToolInfo {
  /** The server's own name for the tool (what tools/call is sent with). */
  name: string;
  /** The namespaced name the model sees (mcp__<server>__<tool>). */
  qualifiedName: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: McpToolAnnotations;
  /** Of description, schema and annotations as listed; absent on tools listed before pinning existed (asked until relisted). */
  fingerprint?: McpToolFingerprint;
  /** Why the tool is skipped (a schema we cannot pass on, a name that cannot be made valid), in the user's language. */
  problem?: string;
}

export interface McpToolSetting {
  enabled: boolean;
  policy: McpToolPolicy;
  /** Set when the user first allowed the tool (a card, or Allow in Settings); a listing that differs is asked again. */
  pin?: McpToolPin;
}

export interface McpListedItem {
  name: string;
  /** Resources: their URI; prompts have none. */
  uri?: string;
  description?: string;
  mimeType?: string;
}

/** A failed status's `reason` is shown in Settings, in the language the user had when it was written. */
export type McpStatus =
  | { state: 'never' }
  | { state: 'connected'; at: number; transport: 'streamable-http' | 'sse' }
  | { state: 'unreachable'; reason: string; at: number }
  | { state: 'auth-failed'; reason: string; at: number };

export interface McpServerRecord {
  id: string;
  /** The user's label; also the namespace of its tools. */
  name: string;
  url: string;
  /** Per-call timeout in ms. */
  timeoutMs: number;
  /** JSON of `{ header: value }`, encrypted (the bearer token becomes `Authorization`). */
  secretHeaders?: EncryptedSecret;
  /** The names of the stored headers, so the form can say what is set without the values. */
  headerNames: string[];
  /** The transport that worked last (tried first next time). */
  transport?: 'streamable-http' | 'sse';
  tools: McpToolInfo[];
  toolSettings: Record<string, McpToolSetting>;
  resources: McpListedItem[];
  prompts: McpListedItem[];
  status: McpStatus;
  createdAt: number;
}

/** What the settings page sees: never a header value. */
export type McpServerView = Omit<McpServerRecord, 'secretHeaders'> & {
  hasSecrets: boolean;
  /** The organisation's policy does not allow this server: its tools are not offered (lib/policy). */
  notAllowed?: true;
};

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;

/** A server URL: https anywhere, plain http only on loopback (the extension's CSP allows nothing else). */
export const mcpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        if (u.username || u.password) return false;
        return (
          u.protocol === 'https:' ||
          (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname))
        );
      } catch {
        return false; // not a URL at all: the message below says what is accepted
      }
    },
    { error: () => t('mcp_url_invalid') },
  );

const headerName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,100}$/, { error: () => t('mcp_header_name_invalid') });
const forbiddenHeaders = new Set([
  'host',
  'content-length',
  'cookie',
  'origin',
  'connection',
  'mcp-session-id',
  'mcp-protocol-version',
  'accept',
  'content-type',
]);

/** The form's add/edit request. Headers or token: undefined keeps what is stored, {} / '' clears it. */
export const mcpServerInputSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  name: z
    .string()
    .trim()
    .min(1, { error: () => t('mcp_name_required') })
    .max(60),
  url: mcpUrlSchema,
  bearerToken: z.string().trim().max(8000).optional(),
  headers: z
    .record(headerName, z.string().max(8000))
    .refine((h) => Object.keys(h).length <= 20, { error: () => t('mcp_too_many_headers') })
    .refine((h) => Object.keys(h).every((k) => !forbiddenHeaders.has(k.toLowerCase())), {
      error: () => t('mcp_header_reserved'),
    })
    .optional(),
  timeoutMs: z
    .number()
    .int()
    .min(1_000, { error: () => t('mcp_timeout_min') })
    .max(300_000, { error: () => t('mcp_timeout_max') })
    .optional(),
});
export type McpServerInput = z.output<typeof mcpServerInputSchema>;

export const mcpToolSettingSchema = z.object({
  serverId: z.string().min(1).max(200),
  tool: z.string().min(1).max(500),
  enabled: z.boolean().optional(),
  policy: z.enum(['ask', 'allow', 'deny']).optional(),
});

/** The setting a tool has until the user changes it: offered, and asked every time. */
export const DEFAULT_TOOL_SETTING: McpToolSetting = { enabled: true, policy: 'ask' };

export function toMcpServerView({ secretHeaders, ...rest }: McpServerRecord): McpServerView {
  return { ...rest, hasSecrets: !!secretHeaders };
}
