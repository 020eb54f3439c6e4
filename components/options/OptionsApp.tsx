import { useEffect } from 'preact/hooks';
import type { OptionsState } from './options-state';
import { SettingsPage } from './SettingsPage';
import { Onboarding as OnboardingFlow } from './onboarding/Onboarding';
import { isOnboardingRoute } from './onboarding/onboarding-state';

function Onboarding({ state }: { state: OptionsState }) {
  const ready = state.providers.value.length > 0;
  return (
    <section class="onboarding" aria-label="Get started">
      <h2>Welcome to Tabwise</h2>
      <p>Tabwise answers from a model you choose, with your own key. Keys are encrypted on this device and only ever sent to that provider.</p>
      <ol>
        <li class={ready ? 'done' : ''}>Pick a provider (OpenAI, Anthropic, or a local server such as Ollama) and paste its key.</li>
        <li class={ready ? 'done' : ''}>Press “Test connection”, choose a model, and save.</li>
        <li>Open the chat: click the Tabwise icon in the toolbar on any page.</li>
      </ol>
      {ready ? (
        <button type="button" class="primary" onClick={() => void state.openChat()}>
          Open the chat
        </button>
      ) : (
        !state.editing.value && (
          <button type="button" class="primary" onClick={() => state.startAdd('openai')}>
            Add a provider
          </button>
        )
      )}
    </section>
  );
}

export function OptionsApp({ state }: { state: OptionsState }) {
  useEffect(() => {
    void state.refresh();
  }, [state]);
  if (isOnboardingRoute()) return <OnboardingFlow />;
  return (
    <main class="options">
      <h1>Tabwise settings</h1>
      {state.loaded.value && state.onboarding.value && <Onboarding state={state} />}
      <SettingsPage state={state} />
    </main>
  );
}
