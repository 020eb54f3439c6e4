import { modelKey, type ModelSwitcherState } from './model-switcher-state';
import { t } from '../ui/t';

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
  return (
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
            {g.models.map((modelId) => (
              <option key={modelId} value={modelKey({ providerId: g.providerId, modelId })}>
                {modelId}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
