/** Settings → Permissions: the "Read only" switch, every "always allow" grant and every site denied in a run. */
import { useEffect, useMemo } from 'preact/hooks';
import { toolTitle } from '../ui/tool-title';
import { t } from '../ui/t';
import { uiLocale } from '../ui/ui-locale';
import { createPermissionsState, siteLabel, type PermissionsState } from './permissions-state';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';

const formatTime = (ms: number) => new Date(ms).toLocaleString(uiLocale());

function Grants({ state }: { state: PermissionsState }) {
  const grants = state.grants.value;
  return (
    <>
      <h3 class="subheading">{t('permissions_grants_heading')}</h3>
      {grants.length === 0 && <p class="figure-line permissions-empty">{t('permissions_grants_none')}</p>}
      <ul class="item-list" aria-label={t('permissions_grants_heading')}>
        {grants.map((g) => (
          <li key={`${g.site} ${g.toolName}`} data-grant={g.toolName} data-site={g.site}>
            <span class="item-main">
              <span class="grant-tool">{toolTitle(g.toolName)}</span>{' '}
              <span class="grant-site">{siteLabel(g.site)}</span>
              <small class="item-detail grant-when">
                {' '}
                {g.givenAt === undefined
                  ? t('permissions_given_earlier')
                  : t('permissions_given', formatTime(g.givenAt))}
              </small>
            </span>
            <button
              type="button"
              onClick={() => void state.revoke(g)}
              aria-label={t('permissions_revoke_label', toolTitle(g.toolName), siteLabel(g.site))}
            >
              {t('permissions_revoke')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function DeniedSites({ state }: { state: PermissionsState }) {
  const denied = state.denied.value;
  return (
    <>
      <h3 class="subheading">{t('permissions_denied_heading')}</h3>
      {denied.length === 0 && <p class="figure-line permissions-empty">{t('permissions_denied_none')}</p>}
      <ul class="item-list" aria-label={t('permissions_denied_heading')}>
        {denied.map((d) => (
          <li key={`${d.runId} ${d.toolCallId}`} data-denied={d.site}>
            <span class="item-main">
              <span class="denied-site">{d.site}</span>
              <small class="item-detail denied-where">
                {' '}
                {d.conversationTitle === undefined
                  ? t('permissions_denied_in_deleted')
                  : t('permissions_denied_in', d.conversationTitle || t('permissions_untitled'))}{' '}
                {t('permissions_denied_when', formatTime(d.deniedAt))}
              </small>
            </span>
            <button
              type="button"
              onClick={() => void state.removeDenied(d)}
              aria-label={t('permissions_remove_label', d.site)}
            >
              {t('permissions_remove')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PermissionsSettings({ state: given }: { state?: PermissionsState }) {
  const state = useMemo(() => given ?? createPermissionsState(), [given]);
  useEffect(() => {
    void state.load();
    // A grant given on a card in the panel while this page was open shows when the page is back in front.
    const onFocus = () => void state.load();
    addEventListener('focus', onFocus);
    return () => removeEventListener('focus', onFocus);
  }, [state]);
  return (
    <SettingsSection id="permissions" description={t('permissions_description')}>
      <SectionStatus message={state.message.value} error={state.error.value} />
      <label class="read-only-switch">
        <input
          type="checkbox"
          checked={state.readOnly.value}
          disabled={!state.loaded.value}
          onChange={(e) => void state.setReadOnly(e.currentTarget.checked)}
        />{' '}
        {t('permissions_read_only')}
      </label>
      <p class="field-hint">{t('permissions_read_only_hint')}</p>
      <Grants state={state} />
      <DeniedSites state={state} />
    </SettingsSection>
  );
}
