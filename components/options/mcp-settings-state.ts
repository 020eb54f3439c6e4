/**
 * Settings → Tools: the MCP servers the user added, as the background reports them (never a header value),
 * and the actions on them. While the section is shown it follows the background, so a server's
 * list_changed shows up without a reload.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { McpServerView, McpToolPolicy } from '../../lib/tools/mcp/mcp-server-record';
import { createActionStatus } from './action-status';
import { t } from '../ui/t';
import { formatCount } from './format-figures';

export interface McpDraft {
  id?: string;
  name: string;
  url: string;
  /** Typed here only; '' keeps what is stored. */
  token: string;
  /** `Name: value` per line; '' keeps what is stored. */
  headers: string;
  timeoutSeconds: string;
}

export const emptyMcpDraft: McpDraft = { name: '', url: '', token: '', headers: '', timeoutSeconds: '30' };

/** `Name: value` lines as a header map (blank lines skipped); throws with the line that is not a header. */
export function parseHeaderLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.indexOf(':');
    if (at <= 0) throw new Error(t('settings_tools_not_a_header', line.slice(0, 40)));
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** The status line of a server, in the user's words. */
export function describeMcpStatus(s: McpServerView): string {
  const offered = s.tools.filter((t) => !t.problem).length;
  switch (s.status.state) {
    case 'connected':
      return t(
        'settings_tools_connected',
        s.status.transport === 'sse' ? 'SSE' : 'Streamable HTTP',
        formatCount(offered, 'tool'),
      );
    case 'auth-failed':
      return t('settings_tools_auth_failed', s.status.reason);
    case 'unreachable':
      return t('settings_tools_unreachable', s.status.reason);
    default:
      return t('settings_tools_not_connected');
  }
}

export function createMcpSettingsState() {
  const servers = signal<McpServerView[]>([]);
  const busy = signal(false);
  const { message, error, attempt } = createActionStatus();
  const load = async () => {
    servers.value = await sendToBackground('mcp.list', {});
  };
  const replace = (view: McpServerView) => {
    servers.value = servers.value.some((s) => s.id === view.id)
      ? servers.value.map((s) => (s.id === view.id ? view : s))
      : [...servers.value, view];
  };
  return {
    servers,
    busy,
    message,
    error,
    load: () => attempt(load),
    /** Quietly re-reads the list (no status line): the section polls it while it is open. */
    follow: () => load().catch((e: unknown) => console.warn('reading MCP servers failed', e)),
    save: (d: McpDraft) =>
      attempt(async () => {
        busy.value = true;
        try {
          const view = await sendToBackground('mcp.save', {
            ...(d.id ? { id: d.id } : {}),
            name: d.name.trim(),
            url: d.url.trim(),
            ...(d.token.trim() ? { bearerToken: d.token.trim() } : {}),
            ...(d.headers.trim() ? { headers: parseHeaderLines(d.headers) } : {}),
            timeoutMs: Math.round(Number(d.timeoutSeconds || '30') * 1000),
          });
          replace(view);
          message.value = t('settings_tools_saved', view.name, describeMcpStatus(view));
        } finally {
          busy.value = false;
        }
      }),
    test: (id: string) =>
      attempt(async () => {
        busy.value = true;
        try {
          const view = await sendToBackground('mcp.refresh', { id });
          replace(view);
          message.value = t('settings_tools_status_line', view.name, describeMcpStatus(view));
        } finally {
          busy.value = false;
        }
      }),
    clearSecrets: (s: McpServerView) =>
      attempt(async () => {
        replace(
          await sendToBackground('mcp.save', { id: s.id, name: s.name, url: s.url, headers: {}, bearerToken: '' }),
        );
      }, t('settings_tools_secrets_removed')),
    remove: (id: string) =>
      attempt(async () => {
        await sendToBackground('mcp.delete', { id });
        servers.value = servers.value.filter((s) => s.id !== id);
      }, t('settings_tools_server_removed')),
    setTool: (serverId: string, tool: string, change: { enabled?: boolean; policy?: McpToolPolicy }) =>
      attempt(async () => {
        replace(await sendToBackground('mcp.setTool', { serverId, tool, ...change }));
      }),
  };
}

export type McpSettingsState = ReturnType<typeof createMcpSettingsState>;
