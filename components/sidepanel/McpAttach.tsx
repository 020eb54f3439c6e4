import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { prependText } from './composer-box';
import { createMcpAttachState } from './mcp-attach-state';
import { t } from '../ui/t';

/**
 * "Attach" beside Send: lists the MCP servers' resources; picking one puts its text, as a marked data block,
 * before what the user has typed. Shown only when a connected server lists resources.
 */
export function McpAttach({ box }: { box: RefObject<HTMLElement | null> }) {
  const state = useMemo(createMcpAttachState, []);
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => void state.load(), [state]);
  if (state.groups.value.length === 0) return null;
  const attach = async (serverId: string, uri: string) => {
    const block = await state.read(serverId, uri);
    if (menu.current) menu.current.open = false;
    const el = box.current;
    if (!block || !el) return;
    prependText(el, `${block}\n\n`);
  };
  return (
    <details
      class="mcp-attach"
      ref={menu}
      onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && void state.load()}
    >
      <summary aria-label={t('composer_attach_label')}>{t('composer_attach')}</summary>
      <ul class="mcp-attach-menu" aria-label={t('composer_mcp_resources')}>
        {state.groups.value.flatMap((g) =>
          g.resources.map((r) => (
            <li key={`${g.serverId}:${r.uri}`}>
              <button type="button" title={r.description ?? r.uri} onClick={() => void attach(g.serverId, r.uri)}>
                {r.name} <small>({g.serverName})</small>
              </button>
            </li>
          )),
        )}
      </ul>
      {state.error.value && <p role="alert">{state.error.value}</p>}
    </details>
  );
}
