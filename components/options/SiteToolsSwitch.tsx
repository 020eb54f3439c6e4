import { useEffect, useMemo } from 'preact/hooks';
import { SectionStatus } from './SectionStatus';
import { createSiteToolsState } from './site-tools-state';
import { t } from '../ui/t';

/** Settings → Tools: whether pages that register tools in script (WebMCP) may offer them to runs. */
export function SiteToolsSwitch() {
  const state = useMemo(createSiteToolsState, []);
  useEffect(() => void state.load(), [state]);
  return (
    <div class="site-tools">
      <label>
        <input
          type="checkbox"
          name="useSiteTools"
          checked={state.on.value}
          disabled={!state.loaded.value}
          onChange={(e) => void state.set((e.target as HTMLInputElement).checked)}
        />{' '}
        {t('settings_site_tools_label')}
      </label>
      <p class="hint">{t('settings_site_tools_hint')}</p>
      <SectionStatus message={state.message.value} error={state.error.value} />
    </div>
  );
}
