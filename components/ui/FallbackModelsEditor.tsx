import type { ModelGroup } from '../../lib/background/protocol';
import type { ConversationModel } from '../../lib/storage/records';
import { t } from './t';

const same = (a: ConversationModel, b: ConversationModel) => a.providerId === b.providerId && a.modelId === b.modelId;

/** "Provider · model", as the answers and the notices name it. */
export function fallbackLabel(groups: ModelGroup[], m: ConversationModel): string {
  const name = groups.find((g) => g.providerId === m.providerId)?.providerName ?? t('fallbacks_gone_provider');
  return `${name} · ${m.modelId}`;
}

/**
 * An ordered list of fallback models: each can move up or down or be removed, and a select adds any model
 * of any provider that is not listed yet. Used by Settings (the default list) and the panel (one conversation's).
 */
export function FallbackModelsEditor({
  groups,
  value,
  onChange,
  listLabel,
}: {
  groups: ModelGroup[];
  value: ConversationModel[];
  onChange: (next: ConversationModel[]) => void;
  listLabel: string;
}) {
  const move = (i: number, by: number) => {
    const next = [...value];
    const [m] = next.splice(i, 1);
    next.splice(i + by, 0, m!);
    onChange(next);
  };
  const addable = groups
    .map((g) => ({
      g,
      // A model the organisation does not allow is never offered as a fallback (the worker skips it anyway).
      models: g.models.filter(
        (modelId) =>
          !g.notAllowed?.includes(modelId) && !value.some((v) => same(v, { providerId: g.providerId, modelId })),
      ),
    }))
    .filter((x) => x.models.length > 0);
  return (
    <div class="fallback-models">
      {value.length === 0 ? (
        <p class="item-detail">{t('fallbacks_none')}</p>
      ) : (
        <ol aria-label={listLabel}>
          {value.map((m, i) => {
            const label = fallbackLabel(groups, m);
            return (
              <li key={`${m.providerId}\u0000${m.modelId}`}>
                <span class="fallback-name">{label}</span>
                <button
                  type="button"
                  aria-label={t('fallbacks_up', label)}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={t('fallbacks_down', label)}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={t('fallbacks_remove', label)}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {addable.length > 0 && (
        <label class="fallback-add">
          <span>{t('fallbacks_add')}</span>
          <select
            value=""
            onChange={(e) => {
              const select = e.target as HTMLSelectElement;
              // An option's value is "group:model" by position in the list shown.
              const [gi, mi] = select.value.split(':').map(Number);
              select.value = '';
              const group = addable[gi ?? -1];
              const modelId = group?.models[mi ?? -1];
              if (group && modelId) onChange([...value, { providerId: group.g.providerId, modelId }]);
            }}
          >
            <option value="">{t('fallbacks_choose')}</option>
            {addable.map(({ g, models }, gi) => (
              <optgroup key={g.providerId} label={g.providerName}>
                {models.map((modelId, mi) => (
                  <option key={modelId} value={`${gi}:${mi}`}>
                    {modelId}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
