import { useEffect, useMemo, useState } from 'preact/hooks';
import type { McpServerView } from '../../lib/tools/mcp/mcp-server-record';
import { isDestructiveMcpTool, isOpenWorldMcpTool } from '../../lib/tools/mcp/read-mcp-annotations';
import { Field } from './Field';
import {
  createMcpSettingsState,
  describeMcpStatus,
  emptyMcpDraft,
  type McpDraft,
  type McpSettingsState,
} from './mcp-settings-state';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { SiteToolsSwitch } from './SiteToolsSwitch';
import { t } from '../ui/t';

const POLL_MS = 1500;

/** Settings → Tools: MCP servers, their tools (on/off, Ask / Allow / Deny), resources and prompts. */
export function ToolsSettings() {
  const state = useMemo(createMcpSettingsState, []);
  const [draft, setDraft] = useState<McpDraft>(emptyMcpDraft);
  useEffect(() => {
    void state.load();
    // A server's tool list can change at any time (list_changed): follow it while the page is open.
    const timer = setInterval(() => !document.hidden && void state.follow(), POLL_MS);
    return () => clearInterval(timer);
  }, [state]);
  const set = (k: keyof McpDraft) => (e: Event) => setDraft({ ...draft, [k]: (e.target as HTMLInputElement).value });
  return (
    <SettingsSection id="tools" description={t('settings_tools_description')}>
      <SiteToolsSwitch />
      <SectionStatus message={state.message.value} error={state.error.value} />
      <ul class="item-list mcp-servers" aria-label={t('settings_tools_servers')}>
        {state.servers.value.map((s) => (
          <McpServerItem
            key={s.id}
            server={s}
            state={state}
            onEdit={() =>
              setDraft({
                ...emptyMcpDraft,
                id: s.id,
                name: s.name,
                url: s.url,
                timeoutSeconds: String(s.timeoutMs / 1000),
              })
            }
          />
        ))}
      </ul>
      <form
        class="form-grid"
        aria-label={draft.id ? t('settings_tools_edit_server') : t('settings_tools_add_server_label')}
        onSubmit={(e) => {
          e.preventDefault();
          void state.save(draft).then(() => state.error.value === null && setDraft(emptyMcpDraft));
        }}
      >
        <Field label={t('settings_tools_name')} hint={t('settings_tools_name_hint')}>
          <input value={draft.name} placeholder={t('settings_tools_name_placeholder')} onInput={set('name')} required />
        </Field>
        <Field label={t('settings_tools_url')} hint={t('settings_tools_url_hint')}>
          <input type="url" value={draft.url} placeholder="https://mcp.example.com/mcp" onInput={set('url')} required />
        </Field>
        <Field
          label={t('settings_tools_token')}
          hint={draft.id ? t('settings_tools_token_keep') : t('settings_tools_token_hint')}
        >
          <input type="password" autocomplete="off" value={draft.token} onInput={set('token')} />
        </Field>
        <Field label={t('settings_tools_headers')} hint={t('settings_tools_headers_hint')}>
          <textarea
            rows={2}
            value={draft.headers}
            placeholder={t('settings_tools_headers_placeholder')}
            onInput={set('headers')}
          />
        </Field>
        <Field label={t('settings_tools_timeout')}>
          <input type="number" min={1} max={300} value={draft.timeoutSeconds} onInput={set('timeoutSeconds')} />
        </Field>
        <div class="form-actions">
          <button type="submit" disabled={state.busy.value}>
            {draft.id ? t('settings_tools_save_connect') : t('settings_tools_add_server')}
          </button>
          {draft.id && (
            <button type="button" onClick={() => setDraft(emptyMcpDraft)}>
              {t('common_cancel')}
            </button>
          )}
        </div>
      </form>
    </SettingsSection>
  );
}

function McpServerItem({
  server: s,
  state,
  onEdit,
}: {
  server: McpServerView;
  state: McpSettingsState;
  onEdit: () => void;
}) {
  const ok = s.status.state === 'connected';
  return (
    <li data-mcp-server={s.name} class="mcp-server">
      <div class="item-main">
        <strong>{s.name}</strong>
        <span class="item-detail">{s.url}</span>
        <span class={`badge ${ok ? '' : 'test-error'}`} data-testid="mcp-status">
          {describeMcpStatus(s)}
        </span>
        {s.notAllowed && <span class="badge test-error">{t('policy_not_allowed')}</span>}
        {s.headerNames.length > 0 && (
          <span class="item-detail">{t('settings_tools_headers_set', s.headerNames.join(', '))}</span>
        )}
      </div>
      <div class="form-actions">
        <button
          type="button"
          disabled={state.busy.value}
          onClick={() => void state.test(s.id)}
          aria-label={t('settings_tools_test_named', s.name)}
        >
          {t('provider_test')}
        </button>
        <button type="button" onClick={onEdit} aria-label={t('common_edit_named', s.name)}>
          {t('common_edit')}
        </button>
        {s.hasSecrets && (
          <button
            type="button"
            onClick={() => void state.clearSecrets(s)}
            aria-label={t('settings_tools_remove_secrets_named', s.name)}
          >
            {t('settings_tools_remove_secrets')}
          </button>
        )}
        <button
          type="button"
          onClick={() => void state.remove(s.id)}
          aria-label={t('settings_tools_remove_server_named', s.name)}
        >
          {t('settings_tools_remove')}
        </button>
      </div>
      {s.tools.length > 0 && (
        <table class="mcp-tools" aria-label={t('settings_tools_tools_of', s.name)}>
          <thead>
            <tr>
              <th scope="col">{t('settings_tools_col_tool')}</th>
              <th scope="col">{t('settings_tools_col_on')}</th>
              <th scope="col">{t('settings_tools_col_policy')}</th>
            </tr>
          </thead>
          <tbody>
            {s.tools.map((tool) => {
              const setting = s.toolSettings[tool.name] ?? { enabled: true, policy: 'ask' as const };
              const destructive = isDestructiveMcpTool(tool.annotations);
              const changed = !!setting.pin && !!tool.fingerprint && setting.pin.hash !== tool.fingerprint.hash;
              return (
                <tr key={tool.name} data-mcp-tool={tool.name}>
                  <td>
                    <code>{tool.name}</code>
                    {destructive && (
                      <span class="badge mcp-destructive" title={t('settings_tools_badge_destructive_title')}>
                        {t('settings_tools_badge_destructive')}
                      </span>
                    )}
                    {isOpenWorldMcpTool(tool.annotations) && (
                      <span class="badge mcp-open-world" title={t('settings_tools_badge_open_world_title')}>
                        {t('settings_tools_badge_open_world')}
                      </span>
                    )}
                    <div class="item-detail">{tool.problem ?? tool.description.slice(0, 300)}</div>
                    {changed && (
                      <div class="item-detail mcp-changed" role="note">
                        {t('settings_tools_changed')}
                      </div>
                    )}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('settings_tools_enable_named', tool.name)}
                      checked={setting.enabled && !tool.problem}
                      disabled={!!tool.problem}
                      onChange={(e) =>
                        void state.setTool(s.id, tool.name, { enabled: (e.target as HTMLInputElement).checked })
                      }
                    />
                  </td>
                  <td>
                    <select
                      aria-label={t('settings_tools_policy_for', tool.name)}
                      value={setting.policy}
                      disabled={!!tool.problem}
                      onChange={(e) => {
                        const policy = (e.target as HTMLSelectElement).value;
                        if (policy === 'ask' || policy === 'allow' || policy === 'deny')
                          void state.setTool(s.id, tool.name, { policy });
                      }}
                    >
                      <option value="ask">{t('settings_tools_policy_ask')}</option>
                      {/* A destructive tool asks every time: Allow is not offered (the worker refuses it too). */}
                      <option
                        value="allow"
                        disabled={destructive}
                        title={destructive ? t('settings_tools_badge_destructive_title') : undefined}
                      >
                        {t('settings_tools_policy_allow')}
                      </option>
                      <option value="deny">{t('approval_deny')}</option>
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {(s.resources.length > 0 || s.prompts.length > 0) && (
        <div class="item-detail mcp-listed">
          {s.resources.length > 0 && (
            <span aria-label={t('settings_tools_resources_of', s.name)}>
              {t('settings_tools_resources', s.resources.map((r) => r.name).join(', '))}
            </span>
          )}
          {s.prompts.length > 0 && (
            <span aria-label={t('settings_tools_prompts_of', s.name)}>
              {t('settings_tools_prompts', s.prompts.map((p) => p.name).join(', '))}
            </span>
          )}
        </div>
      )}
    </li>
  );
}
