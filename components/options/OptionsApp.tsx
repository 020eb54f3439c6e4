import { useEffect } from 'preact/hooks';
import type { OptionsState } from './options-state';
import { SettingsPage } from './SettingsPage';
import { Onboarding } from './onboarding/Onboarding';
import { optionsRoute } from './options-route';
import { useLocationHash } from './use-location-hash';
import { t } from '../ui/t';

export function OptionsApp({ state }: { state: OptionsState }) {
  useEffect(() => {
    void state.refresh();
  }, [state]);
  const hash = useLocationHash();
  const route = optionsRoute(hash, state.loaded.value ? state.providers.value.length : undefined);
  // Someone with a provider who opens options.html lands on Models (the address then says so).
  useEffect(() => {
    if (route === 'settings' && !hash) location.replace('#models');
  }, [route, hash]);
  if (route === 'onboarding') return <Onboarding />;
  if (route === 'loading') return null;
  return (
    <main class="options">
      <h1>{t('page_title_settings')}</h1>
      <SettingsPage state={state} />
    </main>
  );
}
