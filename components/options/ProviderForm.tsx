import { lookupModel } from '../../lib/providers/model-catalog';
import { presetModels } from '../../lib/providers/preset-models';
import { DEFAULT_AZURE_API_VERSION } from '../../lib/providers/provider-config';
import { providerPresets } from '../../lib/providers/provider-presets';
import { BuiltinModelStatus } from './BuiltinModelStatus';
import type { OptionsState } from './options-state';

export function ProviderForm({ state }: { state: OptionsState }) {
  const d = state.editing.value;
  if (!d) return null;
  const preset = providerPresets.find((p) => p.id === d.preset);
  const result = state.testResult.value;
  const builtin = d.kind === 'chrome-builtin';
  const azure = d.kind === 'azure-openai';
  // The endpoint's own list once tested; before that, the vendor's current models.
  const suggestions = result?.ok ? result.models : (presetModels[d.preset] ?? []);
  const input = (field: 'name' | 'baseUrl' | 'model' | 'apiKey' | 'apiVersion') => (e: Event) => state.update({ [field]: (e.target as HTMLInputElement).value });
  return (
    <form
      class="provider-form"
      aria-label="Edit provider"
      onSubmit={(e) => {
        e.preventDefault();
        void state.save();
      }}
    >
      <label>
        Provider
        <select aria-label="Provider type" value={d.preset} onChange={(e) => state.update({ preset: (e.target as HTMLSelectElement).value })}>
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
        Name
        <input name="name" value={d.name} onInput={input('name')} required />
      </label>
      {!builtin && <label>
        {azure ? 'Resource endpoint (base URL)' : 'Base URL'} {(d.kind === 'openai' || d.kind === 'anthropic') && <small>(leave empty for the vendor's own)</small>}
        <input name="baseUrl" type="url" value={d.baseUrl} onInput={input('baseUrl')} placeholder={azure ? 'https://RESOURCE.openai.azure.com' : d.kind === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1'} required={d.kind === 'openai-compatible' || azure} />
      </label>}
      {azure && (
        <label>
          API version
          <input name="apiVersion" value={d.apiVersion ?? DEFAULT_AZURE_API_VERSION} onInput={input('apiVersion')} required pattern="\d{4}-\d{2}-\d{2}(-[a-z]+)?" />
        </label>
      )}
      {!builtin && <small class="hint endpoint-rule">
        Plain http only for a server on this computer (localhost, 127.x.x.x, [::1]); https everywhere else.
        {d.keyLast4 && ' Changing the provider type or the base URL\'s host needs the API key again: a saved key is never sent to a new host.'}
      </small>}
      {!builtin && <label>
        API key {preset && !preset.needsKey && <small>(optional)</small>}
        <input name="apiKey" type="password" autoComplete="off" value={d.apiKey} onInput={input('apiKey')} placeholder={d.keyLast4 ? `Saved key ••••${d.keyLast4}: leave empty to keep it` : 'Paste your key'} />
      </label>}
      <label>
        {azure ? 'Model (your deployment\'s name)' : 'Model'}
        <input name="model" list="model-options" value={d.model} onInput={input('model')} required />
        <datalist id="model-options">{suggestions.map((m) => <option key={m} value={m} />)}</datalist>
      </label>
      {!builtin && (
        <label>
          Context window (tokens) <small>(optional: empty uses {d.model ? `${lookupModel(d.model).contextWindowTokens.toLocaleString('en-US')}${lookupModel(d.model).known ? '' : ', a safe guess when the catalog does not know it'}` : 'the catalog\'s value'})</small>
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
      )}
      <div class="row">
        <button type="button" onClick={() => void state.test()} disabled={state.testing.value}>
          {state.testing.value ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" class="primary" disabled={state.saving.value}>
          Save
        </button>
        <button type="button" onClick={() => state.cancel()}>
          Cancel
        </button>
      </div>
      {result?.ok && (
        <div class="test-ok" role="status">
          Connected: {result.models.length} model{result.models.length === 1 ? '' : 's'} available.
          <ul class="models">
            {result.models.slice(0, 50).map((m) => (
              <li key={m}>
                <button type="button" class="link" onClick={() => state.update({ model: m, contextWindowTokens: result.reported?.[m]?.contextWindowTokens })}>
                  {m}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && !result.ok && (
        <div class="test-error" role="alert">
          Connection failed: {result.message}
        </div>
      )}
      {state.error.value && (
        <div class="test-error" role="alert">
          {state.error.value}
        </div>
      )}
    </form>
  );
}
