import { modelKey, type ModelSwitcherState } from './model-switcher-state';
import { t } from '../ui/t';
import { FallbackModelsEditor } from '../ui/FallbackModelsEditor';

/** Models (not providers), grouped by provider; the choice applies to this conversation only. */
export function ModelSwitcher({ switcher }: { switcher: ModelSwitcherState }) {
  const groups = switcher.groups.value;
  const current = switcher.current.value;
  const total = groups.reduce((n, g) => n + g.models.length, 0);
  if (total < 2 || !current) return null;
  const byKey = new Map(
    groups.flatMap((g) =>
      g.models.map(
        (modelId) => [modelKey({ providerId: g.providerId, modelId }), { providerId: g.providerId, modelId }] as const,
      ),
    ),
  );
  const fallbacks = switcher.fallbacks.value;
  return (
    <>
      <label class="model-switcher">
        <span>{t('switcher_label')}</span>
        <select
          aria-label={t('switcher_aria')}
          value={modelKey(current)}
          onChange={(e) => {
            const chosen = byKey.get((e.target as HTMLSelectElement).value);
            if (chosen) void switcher.choose(chosen);
          }}
        >
          {groups.map((g) => (
            <optgroup key={g.providerId} label={g.providerName}>
              {g.models.map((modelId) => {
                // Shown, so the user sees why it is missing, but not choosable (the worker refuses it too).
                const refused = g.notAllowed?.includes(modelId);
                return (
                  <option key={modelId} value={modelKey({ providerId: g.providerId, modelId })} disabled={refused}>
                    {refused ? t('switcher_not_allowed', modelId) : modelId}
                  </option>
                );
              })}
            </optgroup>
          ))}
        </select>
      </label>
      {switcher.hasConversation.value && (
        <details class="fallbacks">
          <summary>{t('fallbacks_summary', fallbacks.length)}</summary>
          <p class="fallback-source">
            {switcher.ownFallbacks.value ? t('fallbacks_own') : t('fallbacks_from_settings')}
            {switcher.ownFallbacks.value && (
              <button type="button" onClick={() => void switcher.setFallbacks(null)}>
                {t('fallbacks_use_settings')}
              </button>
            )}
          </p>
          <FallbackModelsEditor
            groups={groups}
            value={fallbacks}
            onChange={(next) => void switcher.setFallbacks(next)}
            listLabel={t('fallbacks_list_conversation')}
          />
        </details>
      )}
    </>
  );
}
