/**
 * The first-run flow's state: choose a provider, connect (key and address), pick a model, done. Each step
 * keeps what the user typed when a test fails or they go back.
 */
import { batch, computed, signal } from '@preact/signals';
import { sendToBackground } from '../../../lib/background/send-to-background';
import { providerPresets, type ProviderPreset } from '../../../lib/providers/provider-presets';
import { defaultProviderName } from './default-provider-name';

export type OnboardingStep = 'provider' | 'connect' | 'model' | 'done';

/** The options page shows the flow, alone, at options.html#onboarding (and at options.html while no provider is saved). */
export const ONBOARDING_HASH = '#onboarding';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createOnboardingState() {
  const step = signal<OnboardingStep>('provider');
  const preset = signal<ProviderPreset>(providerPresets[0]!);
  const baseUrl = signal(preset.value.baseUrl);
  const apiKey = signal('');
  const models = signal<string[]>([]);
  const model = signal('');
  const testing = signal(false);
  const saving = signal(false);
  const error = signal<string | null>(null);
  const savedName = signal('');
  /** The address the server answered at, when "Test connection" found it at its usual path instead. */
  const foundAt = signal<string | null>(null);
  const name = computed(() => defaultProviderName(preset.value.kind, baseUrl.value));
  /** The address matters for local and compatible servers; the vendors' own is the default. */
  const asksForAddress = computed(() => preset.value.kind === 'openai-compatible');

  return {
    step,
    preset,
    baseUrl,
    apiKey,
    models,
    model,
    testing,
    saving,
    error,
    savedName,
    foundAt,
    name,
    asksForAddress,
    choose(id: string) {
      const next = providerPresets.find((p) => p.id === id);
      if (!next || next.id === preset.value.id) return;
      batch(() => {
        preset.value = next;
        baseUrl.value = next.baseUrl;
        models.value = [];
        error.value = null;
      });
    },
    goTo(next: OnboardingStep) {
      batch(() => {
        error.value = null;
        step.value = next;
      });
    },
    /** Tests the connection by listing the endpoint's models; on success moves on to choosing one. */
    async test() {
      testing.value = true;
      error.value = null;
      try {
        const listed = await sendToBackground('providers.test', {
          kind: preset.value.kind,
          baseUrl: baseUrl.value.trim(),
          apiKey: apiKey.value.trim() || undefined,
        });
        batch(() => {
          // The server answered at its usual path (its /v1): that is the address saved.
          if (listed.baseUrl) baseUrl.value = listed.baseUrl;
          foundAt.value = listed.baseUrl ?? null;
          models.value = listed.models;
          // The preset's usual model if this endpoint has it, else the first it lists.
          model.value = listed.models.includes(preset.value.model)
            ? preset.value.model
            : (listed.models[0] ?? preset.value.model);
          step.value = 'model';
        });
      } catch (e) {
        error.value = errorText(e);
      } finally {
        testing.value = false;
      }
    },
    async save() {
      saving.value = true;
      error.value = null;
      try {
        const saved = await sendToBackground('providers.save', {
          kind: preset.value.kind,
          name: name.value,
          baseUrl: baseUrl.value.trim(),
          model: model.value.trim(),
          apiKey: apiKey.value.trim() || undefined,
        });
        batch(() => {
          savedName.value = saved.name;
          apiKey.value = '';
          step.value = 'done';
        });
      } catch (e) {
        error.value = errorText(e);
      } finally {
        saving.value = false;
      }
    },
    /** Runs in the click's task: chrome.sidePanel.open needs the user gesture. */
    async openPanel() {
      const win = await chrome.windows.getCurrent();
      if (win.id !== undefined) await chrome.sidePanel.open({ windowId: win.id });
    },
    /** The panel's shortcut as Chrome has it now (the user may have changed it), or '' if none is set. */
    async shortcut(): Promise<string> {
      const commands = await chrome.commands.getAll();
      return commands.find((c) => c.name === '_execute_action')?.shortcut ?? '';
    },
  };
}

export type OnboardingState = ReturnType<typeof createOnboardingState>;
