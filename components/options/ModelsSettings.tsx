import type { OptionsState } from './options-state';
import { ProviderForm } from './ProviderForm';
import { SettingsSection } from './SettingsSection';

/** The providers the user added: which one answers by default, each one's endpoint and key, edit and delete. */
export function ModelsSettings({ state }: { state: OptionsState }) {
  return (
    <SettingsSection id="models" description="The providers Tabwise can answer with. The one selected answers new conversations. Keys are encrypted on this device and only ever sent to their provider.">
      {state.saved.value && (
        <p role="status" class="section-status">
          {state.saved.value}
        </p>
      )}
      <ul class="item-list providers" aria-label="Providers">
        {state.providers.value.map((p) => (
          <li key={p.id} data-provider={p.name}>
            <label class="item-main default">
              <input type="radio" name="default" checked={state.defaultProviderId.value === p.id} onChange={() => void state.makeDefault(p.id)} />
              <span class="provider-summary">
                <strong>{p.name}</strong>
                <span class="item-detail">
                  <span>Model: {p.model}</span>
                  <span>Type: {p.kind}</span>
                  {p.baseUrl && <span>Endpoint: {p.baseUrl}</span>}
                  <span>{p.hasKey ? `Key ••••${p.keyLast4}` : 'No key'}</span>
                </span>
              </span>
            </label>
            <button type="button" aria-label={`Edit ${p.name}`} onClick={() => state.startEdit(p)}>
              Edit
            </button>
            <button type="button" aria-label={`Delete ${p.name}`} onClick={() => void state.remove(p.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {!state.editing.value && (
        <button type="button" onClick={() => state.startAdd('openai')}>
          Add provider
        </button>
      )}
      <ProviderForm state={state} />
    </SettingsSection>
  );
}
