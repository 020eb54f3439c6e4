import type { OptionsState } from './options-state';
import { ProviderForm } from './ProviderForm';
import { providerNeedsKey } from './provider-needs-key';
import { SettingsSection } from './SettingsSection';
import { FallbackSettings } from './FallbackSettings';
import { t } from '../ui/t';
import { formatUsd } from '../ui/describe-usage';
import { isModelAllowed } from '../../lib/policy/policy-models';
import { policyView } from './policy-state';

/** The providers the user added: which one answers by default, each one's endpoint and key, edit and delete. */
export function ModelsSettings({ state }: { state: OptionsState }) {
  return (
    <SettingsSection id="models" description={t('models_description')}>
      {state.saved.value && (
        <p role="status" class="section-status">
          {state.saved.value}
        </p>
      )}
      <ul class="item-list providers" aria-label={t('models_providers')}>
        {state.providers.value.map((p) => (
          <li key={p.id} data-provider={p.name}>
            <label class="item-main default">
              <input
                type="radio"
                name="default"
                checked={state.defaultProviderId.value === p.id}
                // A provider the organisation does not allow cannot be made the default (the worker refuses it anyway).
                disabled={!isModelAllowed(policyView.value.policy, p, p.model)}
                onChange={() => void state.makeDefault(p.id)}
              />
              <span class="provider-summary">
                <strong>{p.name}</strong>
                <span class="item-detail">
                  <span>{t('models_model', p.model)}</span>
                  {p.prices?.[p.model] && (
                    <span>
                      {t('models_price', formatUsd(p.prices[p.model]!.input), formatUsd(p.prices[p.model]!.output))}
                    </span>
                  )}
                  <span>{t('models_type', p.kind)}</span>
                  {p.baseUrl && <span>{t('models_endpoint', p.baseUrl)}</span>}
                  {!isModelAllowed(policyView.value.policy, p, p.model) && (
                    <span class="not-allowed">{t('policy_not_allowed')}</span>
                  )}
                  {providerNeedsKey(p) ? (
                    <span class="needs-key">{t('models_needs_key')}</span>
                  ) : (
                    <span>{p.hasKey ? t('models_key', p.keyLast4 ?? '') : t('models_no_key')}</span>
                  )}
                </span>
              </span>
            </label>
            <button type="button" aria-label={t('common_edit_named', p.name)} onClick={() => state.startEdit(p)}>
              {t('common_edit')}
            </button>
            <button type="button" aria-label={t('common_delete_named', p.name)} onClick={() => void state.remove(p.id)}>
              {t('common_delete')}
            </button>
          </li>
        ))}
      </ul>
      {!state.editing.value && (
        <button type="button" onClick={() => state.startAdd('openai')}>
          {t('models_add')}
        </button>
      )}
      <ProviderForm state={state} />
      <FallbackSettings state={state} />
    </SettingsSection>
  );
}
