import { useEffect, useMemo } from 'preact/hooks';
import { ManagedBadge } from './ManagedBadge';
import { policyView } from './policy-state';
import { SectionStatus } from './SectionStatus';
import { createSiteToolsState } from './site-tools-state';
import { t } from '../ui/t';

/**
 * Settings → Tools: whether pages that register tools in script (WebMCP) may offer them to runs. Where the
 * organisation's policy sets it, the switch shows the policy's value, locked, with who set it.
 */
export function SiteToolsSwitch() {
  const state = useMemo(createSiteToolsState, []);
  useEffect(() => void state.load(), [state]);
  const forced = policyView.value.policy.useSiteTools;
  return (
    <div class="site-tools" data-policy={forced === undefined ? undefined : 'useSiteTools'}>
      <label>
        <input
          type="checkbox"
          name="useSiteTools"
          checked={forced ?? state.on.value}
          disabled={forced !== undefined || !state.loaded.value}
          onChange={(e) => void state.set((e.target as HTMLInputElement).checked)}
        />{' '}
        {t('settings_site_tools_label')}
        {forced !== undefined && (
          <>
            {' '}
            <ManagedBadge />
          </>
        )}
      </label>
      <p class="hint">{t('settings_site_tools_hint')}</p>
      <SectionStatus message={state.message.value} error={state.error.value} />
    </div>
  );
}
