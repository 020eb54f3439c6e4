/** The first run, alone on the page: choose a provider, connect, pick a model, open the panel. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { providerPresets } from '../../../lib/providers/provider-presets';
import { formatCount } from '../format-figures';
import { createOnboardingState, type OnboardingState, type OnboardingStep } from './onboarding-state';
import './onboarding.css';
import { t, type MessageKey } from '../../ui/t';

const STEPS: { id: OnboardingStep; label: MessageKey }[] = [
  { id: 'provider', label: 'onboarding_step_provider' },
  { id: 'connect', label: 'onboarding_step_connect' },
  { id: 'model', label: 'onboarding_step_model' },
  { id: 'done', label: 'onboarding_step_done' },
];

function Progress({ step }: { step: OnboardingStep }) {
  const at = STEPS.findIndex((s) => s.id === step);
  return (
    <ol class="onboarding-progress" aria-label={t('onboarding_steps_label')}>
      {STEPS.map((s, i) => (
        <li key={s.id} class={i < at ? 'done' : i === at ? 'current' : ''} aria-current={i === at ? 'step' : undefined}>
          {t(s.label)}
        </li>
      ))}
    </ol>
  );
}

function ChooseProvider({ state }: { state: OnboardingState }) {
  return (
    <form onSubmit={(e) => (e.preventDefault(), state.goTo('connect'))}>
      <h2>{t('onboarding_welcome')}</h2>
      <p>{t('onboarding_intro')}</p>
      <fieldset class="onboarding-choices">
        <legend>{t('onboarding_choose_provider')}</legend>
        {providerPresets.map((p) => (
          <label key={p.id} class={state.preset.value.id === p.id ? 'choice selected' : 'choice'}>
            <input
              type="radio"
              name="preset"
              value={p.id}
              checked={state.preset.value.id === p.id}
              onChange={() => state.choose(p.id)}
            />
            <span>
              <strong>{p.label}</strong>
              <small>{p.needsKey ? t('onboarding_needs_key') : t('onboarding_no_key')}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <div class="onboarding-actions">
        <button type="submit" class="primary">
          {t('onboarding_continue')}
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
      <h2>{t('onboarding_connect_to', p.label)}</h2>
      <p class="hint">{p.hint}</p>
      {state.asksForAddress.value && (
        <label>
          {t('onboarding_server_address')}
          <input
            name="baseUrl"
            type="url"
            required
            value={state.baseUrl.value}
            onInput={(e) => (state.baseUrl.value = value(e))}
            placeholder="http://localhost:11434/v1"
          />
          <small class="hint">{t('provider_http_rule')}</small>
        </label>
      )}
      <label>
        <span class="label-text">
          {t('provider_api_key')} {!p.needsKey && <small>{t('provider_optional')}</small>}
        </span>
        <input
          name="apiKey"
          type="password"
          autoComplete="off"
          required={p.needsKey}
          value={state.apiKey.value}
          onInput={(e) => (state.apiKey.value = value(e))}
          placeholder={t('provider_paste_key')}
        />
      </label>
      {state.error.value && (
        <p class="test-error" role="alert">
          {t('provider_connection_failed', state.error.value)}
        </p>
      )}
      <div class="onboarding-actions">
        <button type="button" onClick={() => state.goTo('provider')}>
          {t('common_back')}
        </button>
        <button type="submit" class="primary" disabled={state.testing.value}>
          {state.testing.value ? t('provider_testing') : t('provider_test')}
        </button>
      </div>
    </form>
  );
}

function PickModel({ state }: { state: OnboardingState }) {
  const models = state.models.value;
  return (
    <form onSubmit={(e) => (e.preventDefault(), void state.save())}>
      <h2>{t('onboarding_pick_model')}</h2>
      <p role="status">
        {state.foundAt.value && `${t('provider_address_found', state.foundAt.value)} `}
        {t('onboarding_connected_to', state.name.value, formatCount(models.length, 'model'))}
      </p>
      <label>
        {t('onboarding_model')}
        {models.length > 0 ? (
          <select
            name="model"
            value={state.model.value}
            onChange={(e) => (state.model.value = (e.target as HTMLSelectElement).value)}
          >
            {models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        ) : (
          <input
            name="model"
            required
            value={state.model.value}
            onInput={(e) => (state.model.value = (e.target as HTMLInputElement).value)}
          />
        )}
      </label>
      {state.error.value && (
        <p class="test-error" role="alert">
          {state.error.value}
        </p>
      )}
      <div class="onboarding-actions">
        <button type="button" onClick={() => state.goTo('connect')}>
          {t('common_back')}
        </button>
        <button type="submit" class="primary" disabled={state.saving.value}>
          {t('onboarding_step_done')}
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
      <h2>{t('onboarding_ready')}</h2>
      <p role="status">{t('onboarding_saved', state.savedName.value, state.model.value)}</p>
      <button type="button" class="primary" onClick={() => void state.openPanel()}>
        {t('onboarding_open_panel')}
      </button>
      <p class="hint">{shortcut ? t('onboarding_later_shortcut', shortcut) : t('onboarding_later')}</p>
      <p>
        <a href="options.html">{t('onboarding_all_settings')}</a>
      </p>
    </div>
  );
}

export function Onboarding() {
  const state = useMemo(createOnboardingState, []);
  const step = state.step.value;
  return (
    <main class="onboarding-flow" aria-label={t('onboarding_label')}>
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
