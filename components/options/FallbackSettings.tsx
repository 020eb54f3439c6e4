import { useEffect } from 'preact/hooks';
import { FallbackModelsEditor } from '../ui/FallbackModelsEditor';
import type { OptionsState } from './options-state';
import { t } from '../ui/t';

/** Settings → Models: the default list of fallback models, in order (a conversation may have its own). */
export function FallbackSettings({ state }: { state: OptionsState }) {
  const providerCount = state.providers.value.length;
  useEffect(() => {
    if (providerCount > 0) void state.loadModelGroups();
  }, [state, providerCount]);
  if (providerCount === 0) return null;
  return (
    <fieldset class="fallback-settings">
      <legend>{t('fallbacks_title')}</legend>
      <p class="item-detail">{t('fallbacks_description')}</p>
      <FallbackModelsEditor
        groups={state.modelGroups.value}
        value={state.fallbackModels.value}
        onChange={(next) => void state.setFallbacks(next)}
        listLabel={t('fallbacks_list_default')}
      />
      {state.fallbackStatus.value && (
        <p role="status" class="section-status">
          {state.fallbackStatus.value}
        </p>
      )}
    </fieldset>
  );
}
