import { lookupModel } from '../../lib/providers/model-catalog';
import { presetModels } from '../../lib/providers/preset-models';
import { DEFAULT_AZURE_API_VERSION } from '../../lib/core/provider-config';
import { providerPresets } from '../../lib/providers/provider-presets';
import { unpricedFor } from '../../lib/providers/model-prices';
import { PriceFields } from './PriceFields';
import { BuiltinModelStatus } from './BuiltinModelStatus';
import { formatCount, formatNumber } from './format-figures';
import type { OptionsState } from './options-state';
import { t } from '../ui/t';

export function ProviderForm({ state }: { state: OptionsState }) {
  const d = state.editing.value;
  if (!d) return null;
  const preset = providerPresets.find((p) => p.id === d.preset);
  const result = state.testResult.value;
  const builtin = d.kind === 'chrome-builtin';
  const azure = d.kind === 'azure-openai';
  // The endpoint's own list once tested; before that, the vendor's current models.
  const suggestions = result?.ok ? result.models : (presetModels[d.preset] ?? []);
  const input = (field: 'name' | 'baseUrl' | 'model' | 'apiKey' | 'apiVersion') => (e: Event) =>
    state.update({ [field]: (e.target as HTMLInputElement).value });
  return (
    <form
      class="provider-form"
      aria-label={t('provider_form_label')}
      onSubmit={(e) => {
        e.preventDefault();
        void state.save();
      }}
    >
      <label>
        {t('provider_provider')}
        <select
          aria-label={t('provider_type')}
          value={d.preset}
          onChange={(e) => state.update({ preset: (e.target as HTMLSelectElement).value })}
        >
          {providerPresets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {preset && <p class="hint">{preset.hint}</p>}
      {builtin && <BuiltinModelStatus />}
      <label>
        {t('provider_name')}
        <input name="name" value={d.name} onInput={input('name')} required />
      </label>
      {!builtin && <EndpointFields state={state} />}
      <label>
        {azure ? t('provider_azure_model') : t('provider_model')}
        <input name="model" list="model-options" value={d.model} onInput={input('model')} required />
        <datalist id="model-options">
          {suggestions.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      {!builtin && <ContextWindowField state={state} />}
      {/* A vendor at its own endpoint is priced from its list; any other server only by the user. */}
      {!builtin && unpricedFor(d).unpriced && <PriceFields state={state} />}
      <div class="row">
        <button type="button" onClick={() => void state.test()} disabled={state.testing.value}>
          {state.testing.value ? t('provider_testing') : t('provider_test')}
        </button>
        <button type="submit" class="primary" disabled={state.saving.value}>
          {t('common_save')}
        </button>
        <button type="button" onClick={() => state.cancel()}>
          {t('common_cancel')}
        </button>
      </div>
      <TestResult state={state} />
      {state.error.value && (
        <div class="test-error" role="alert">
          {state.error.value}
        </div>
      )}
    </form>
  );
}

type Draft = NonNullable<OptionsState['editing']['value']>;

/** The endpoint's address (and Azure's API version), the plain-http rule, and the key. */
function EndpointFields({ state }: { state: OptionsState }) {
  const d = state.editing.value as Draft;
  const preset = providerPresets.find((p) => p.id === d.preset);
  const azure = d.kind === 'azure-openai';
  const input = (field: 'baseUrl' | 'apiKey' | 'apiVersion') => (e: Event) =>
    state.update({ [field]: (e.target as HTMLInputElement).value });
  return (
    <>
      <label>
        {azure ? t('provider_azure_endpoint') : t('provider_base_url')}{' '}
        {(d.kind === 'openai' || d.kind === 'anthropic') && <small>{t('provider_base_url_empty')}</small>}
        <input
          name="baseUrl"
          type="url"
          value={d.baseUrl}
          onInput={input('baseUrl')}
          placeholder={
            azure
              ? 'https://RESOURCE.openai.azure.com'
              : d.kind === 'anthropic'
                ? 'https://api.anthropic.com'
                : 'https://api.openai.com/v1'
          }
          required={d.kind === 'openai-compatible' || azure}
        />
      </label>
      {azure && (
        <label>
          {t('provider_api_version')}
          <input
            name="apiVersion"
            value={d.apiVersion ?? DEFAULT_AZURE_API_VERSION}
            onInput={input('apiVersion')}
            required
            pattern="\d{4}-\d{2}-\d{2}(-[a-z]+)?"
          />
        </label>
      )}
      <small class="hint endpoint-rule">
        {t('provider_http_rule')}
        {d.keyLast4 && ` ${t('provider_key_again')}`}
      </small>
      {
        <label>
          {t('provider_api_key')} {preset && !preset.needsKey && <small>{t('provider_optional')}</small>}
          <input
            name="apiKey"
            type="password"
            autoComplete="off"
            value={d.apiKey}
            onInput={input('apiKey')}
            placeholder={d.keyLast4 ? t('provider_saved_key', d.keyLast4) : t('provider_paste_key')}
          />
        </label>
      }
    </>
  );
}

/** The model's context window: the catalog's figure (or a guess) unless the user sets one. */
function ContextWindowField({ state }: { state: OptionsState }) {
  const d = state.editing.value as Draft;
  return (
    <label>
      {t('provider_context_window')}{' '}
      <small>
        {d.model
          ? t(
              lookupModel(d.model).known ? 'provider_context_known' : 'provider_context_guess',
              formatNumber(lookupModel(d.model).contextWindowTokens),
            )
          : t('provider_context_catalog')}
      </small>
      <input
        name="contextWindowTokens"
        type="number"
        min={1000}
        step={1}
        value={d.contextWindowTokens ?? ''}
        onInput={(e) => {
          const n = (e.target as HTMLInputElement).valueAsNumber;
          state.update({ contextWindowTokens: Number.isFinite(n) ? n : undefined });
        }}
      />
    </label>
  );
}

/** What "Test connection" found: the endpoint's models to choose from, or why it failed. */
function TestResult({ state }: { state: OptionsState }) {
  const result = state.testResult.value;
  return (
    <>
      {result?.ok && (
        <div class="test-ok" role="status">
          {result.foundAt && <p class="found-at">{t('provider_address_found', result.foundAt)}</p>}
          {t('provider_connected', formatCount(result.models.length, 'model'))}
          <ul class="models">
            {result.models.slice(0, 50).map((m) => (
              <li key={m}>
                <button
                  type="button"
                  class="link"
                  onClick={() =>
                    state.update({ model: m, contextWindowTokens: result.reported?.[m]?.contextWindowTokens })
                  }
                >
                  {m}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && !result.ok && (
        <div class="test-error" role="alert">
          {t('provider_connection_failed', result.message)}
        </div>
      )}
    </>
  );
}
