/** The first run, alone on the page: choose a provider, connect, pick a model, open the panel. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { providerPresets } from '../../../lib/providers/provider-presets';
import { createOnboardingState, type OnboardingState, type OnboardingStep } from './onboarding-state';
import './onboarding.css';

const STEPS: { id: OnboardingStep; label: string }[] = [
  { id: 'provider', label: 'Provider' },
  { id: 'connect', label: 'Connect' },
  { id: 'model', label: 'Model' },
  { id: 'done', label: 'Done' },
];

function Progress({ step }: { step: OnboardingStep }) {
  const at = STEPS.findIndex((s) => s.id === step);
  return (
    <ol class="onboarding-progress" aria-label="Steps">
      {STEPS.map((s, i) => (
        <li key={s.id} class={i < at ? 'done' : i === at ? 'current' : ''} aria-current={i === at ? 'step' : undefined}>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

function ChooseProvider({ state }: { state: OnboardingState }) {
  return (
    <form onSubmit={(e) => (e.preventDefault(), state.goTo('connect'))}>
      <h2>Welcome to Tabwise</h2>
      <p>Tabwise answers from a model you choose, with your own key. Keys are encrypted on this device and only ever sent to that provider.</p>
      <fieldset class="onboarding-choices">
        <legend>Choose a provider</legend>
        {providerPresets.map((p) => (
          <label key={p.id} class={state.preset.value.id === p.id ? 'choice selected' : 'choice'}>
            <input type="radio" name="preset" value={p.id} checked={state.preset.value.id === p.id} onChange={() => state.choose(p.id)} />
            <span>
              <strong>{p.label}</strong>
              <small>{p.needsKey ? 'Needs an API key' : 'No key needed'}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <div class="onboarding-actions">
        <button type="submit" class="primary">
          Continue
        </button>
      </div>
    </form>
  );
}

function Connect({ state }: { state: OnboardingState }) {
  const p = state.preset.value;
  const value = (e: Event) => (e.target as HTMLInputElement).value;
  return (
    <form onSubmit={(e) => (e.preventDefault(), void state.test())}>
      <h2>Connect to {p.label}</h2>
      <p class="hint">{p.hint}</p>
      {state.asksForAddress.value && (
        <label>
          Server address
          <input name="baseUrl" type="url" required value={state.baseUrl.value} onInput={(e) => (state.baseUrl.value = value(e))} placeholder="http://localhost:11434/v1" />
          <small class="hint">Plain http only for a server on this computer (localhost, 127.x.x.x, [::1]); https everywhere else.</small>
        </label>
      )}
      <label>
        <span class="label-text">API key {!p.needsKey && <small>(optional)</small>}</span>
        <input name="apiKey" type="password" autoComplete="off" required={p.needsKey} value={state.apiKey.value} onInput={(e) => (state.apiKey.value = value(e))} placeholder="Paste your key" />
      </label>
      {state.error.value && (
        <p class="test-error" role="alert">
          Connection failed: {state.error.value}
        </p>
      )}
      <div class="onboarding-actions">
        <button type="button" onClick={() => state.goTo('provider')}>
          Back
        </button>
        <button type="submit" class="primary" disabled={state.testing.value}>
          {state.testing.value ? 'Testing…' : 'Test connection'}
        </button>
      </div>
    </form>
  );
}

function PickModel({ state }: { state: OnboardingState }) {
  const models = state.models.value;
  return (
    <form onSubmit={(e) => (e.preventDefault(), void state.save())}>
      <h2>Pick a model</h2>
      <p role="status">
        Connected to {state.name.value}: {models.length} model{models.length === 1 ? '' : 's'} available.
      </p>
      <label>
        Model
        {models.length > 0 ? (
          <select name="model" value={state.model.value} onChange={(e) => (state.model.value = (e.target as HTMLSelectElement).value)}>
            {models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        ) : (
          <input name="model" required value={state.model.value} onInput={(e) => (state.model.value = (e.target as HTMLInputElement).value)} />
        )}
      </label>
      {state.error.value && (
        <p class="test-error" role="alert">
          {state.error.value}
        </p>
      )}
      <div class="onboarding-actions">
        <button type="button" onClick={() => state.goTo('connect')}>
          Back
        </button>
        <button type="submit" class="primary" disabled={state.saving.value}>
          Done
        </button>
      </div>
    </form>
  );
}

function Ready({ state }: { state: OnboardingState }) {
  const [shortcut, setShortcut] = useState('');
  useEffect(() => {
    state.shortcut().then(setShortcut, (e: unknown) => console.warn('reading the shortcut failed', e));
  }, [state]);
  return (
    <div>
      <h2>Tabwise is ready</h2>
      <p role="status">
        Saved {state.savedName.value} with {state.model.value}.
      </p>
      <button type="button" class="primary" onClick={() => void state.openPanel()}>
        Open the side panel
      </button>
      <p class="hint">
        Later, click the Tabwise icon in the toolbar{shortcut ? ` or press ${shortcut}` : ''} on any page. Right-click a page or a selection to ask about it.
      </p>
      <p>
        <a href="options.html">All settings</a>
      </p>
    </div>
  );
}

export function Onboarding() {
  const state = useMemo(createOnboardingState, []);
  const step = state.step.value;
  return (
    <main class="onboarding-flow" aria-label="Get started with Tabwise">
      <header>
        <img src="/icon/tabwise.svg" alt="" width={40} height={40} />
        <h1>Tabwise</h1>
      </header>
      <Progress step={step} />
      {step === 'provider' && <ChooseProvider state={state} />}
      {step === 'connect' && <Connect state={state} />}
      {step === 'model' && <PickModel state={state} />}
      {step === 'done' && <Ready state={state} />}
    </main>
  );
}
