/** The options page's state and actions: provider instances and the default model. */
import { defaultProviderName } from './onboarding/default-provider-name';
import { batch, signal } from '@preact/signals';
import { providerPresets, type ProviderPreset } from '../../lib/providers/provider-presets';
import { sendToBackground } from '../../lib/background/send-to-background';
import { DEFAULT_AZURE_API_VERSION, type ProviderConfig } from '../../lib/core/provider-config';
import type { ProviderView } from '../../lib/core/provider-record';
import type { ReportedLimits } from '../../lib/providers/read-reported-limits';
import type { ModelGroup } from '../../lib/background/protocol';
import type { ConversationModel } from '../../lib/storage/records';
import { t } from '../ui/t';
import { followModel, pricesToSave, priceTextOf, type PriceText } from './price-draft';

/** The form's copy of a provider config, before validation (the price fields as typed, for the model named). */
export interface ProviderDraft extends ProviderConfig, PriceText {
  id?: string;
  preset: string;
  /** What the user typed; empty keeps the saved key. */
  apiKey: string;
  keyLast4?: string;
}

export type TestResult =
  | {
      ok: true;
      models: string[];
      reported?: Record<string, ReportedLimits>;
      /** The address that answered, when it was not the one typed (the form now holds it). */
      foundAt?: string;
    }
  | { ok: false; message: string }
  | null;

export function draftFromPreset(preset: ProviderPreset): ProviderDraft {
  return {
    preset: preset.id,
    kind: preset.kind,
    name: defaultProviderName(preset.kind, preset.baseUrl),
    baseUrl: preset.baseUrl,
    model: preset.model,
    apiKey: '',
    priceInput: '',
    priceOutput: '',
  };
}

export function draftFromProvider(p: ProviderView): ProviderDraft {
  const preset =
    providerPresets.find((x) => x.kind === p.kind && x.baseUrl === p.baseUrl)?.id ??
    (p.kind === 'openai-compatible' ? 'custom' : p.kind);
  return {
    id: p.id,
    preset,
    kind: p.kind,
    name: p.name,
    baseUrl: p.baseUrl,
    model: p.model,
    apiKey: '',
    keyLast4: p.keyLast4,
    ...(p.apiVersion ? { apiVersion: p.apiVersion } : {}),
    ...(p.contextWindowTokens ? { contextWindowTokens: p.contextWindowTokens } : {}),
    ...(p.prices ? { prices: p.prices } : {}),
    ...priceTextOf(p.prices, p.model),
  };
}

/** Azure OpenAI's api-version (the form's, else the default); nothing for other kinds. */
function azureFields(d: ProviderDraft): { apiVersion?: string } {
  return d.kind === 'azure-openai' ? { apiVersion: d.apiVersion?.trim() || DEFAULT_AZURE_API_VERSION } : {};
}

/** The fallback models list in Settings: the saved chain, every provider's models to choose from, and its status line. */
function createFallbackState() {
  const fallbackModels = signal<ConversationModel[]>([]);
  /** Every provider's models, for the fallback list (read when the providers change). */
  const modelGroups = signal<ModelGroup[]>([]);
  const fallbackStatus = signal<string | null>(null);
  return {
    fallbackModels,
    modelGroups,
    fallbackStatus,
    /** Lists every provider's models (asks each endpoint), for the fallback list's choices. */
    async loadModelGroups() {
      try {
        modelGroups.value = await sendToBackground('models.list', {});
      } catch (e) {
        fallbackStatus.value = t('notice_list_models', (e as Error).message);
      }
    },
    async setFallbacks(next: ConversationModel[]) {
      try {
        const settings = await sendToBackground('settings.update', { fallbackModels: next });
        batch(() => {
          fallbackModels.value = settings.fallbackModels ?? [];
          fallbackStatus.value = t('fallbacks_saved');
        });
      } catch (e) {
        fallbackStatus.value = t('notice_fallbacks', (e as Error).message);
      }
    },
  };
}

export function createOptionsState() {
  const providers = signal<ProviderView[]>([]);
  const defaultProviderId = signal<string | undefined>(undefined);
  const editing = signal<ProviderDraft | null>(null);
  const testResult = signal<TestResult>(null);
  const testing = signal(false);
  const saving = signal(false);
  const error = signal<string | null>(null);
  const saved = signal<string | null>(null);
  const loaded = signal(false);
  const fallbacks = createFallbackState();
  async function refresh() {
    const [list, settings] = await Promise.all([
      sendToBackground('providers.list', {}),
      sendToBackground('settings.get', {}),
    ]);
    batch(() => {
      providers.value = list;
      defaultProviderId.value = settings.defaultProviderId;
      fallbacks.fallbackModels.value = settings.fallbackModels ?? [];
      loaded.value = true;
    });
  }
  return {
    providers,
    defaultProviderId,
    editing,
    testResult,
    testing,
    saving,
    error,
    saved,
    loaded,
    refresh,
    ...fallbacks,
    startAdd(presetId = 'openai') {
      const preset = providerPresets.find((p) => p.id === presetId) ?? providerPresets[0]!;
      batch(() => {
        editing.value = draftFromPreset(preset);
        testResult.value = null;
        error.value = null;
        saved.value = null;
      });
    },
    startEdit(p: ProviderView) {
      batch(() => {
        editing.value = draftFromProvider(p);
        testResult.value = null;
        error.value = null;
        saved.value = null;
      });
    },
    update(patch: Partial<ProviderDraft>) {
      if (!editing.value) return;
      let next = { ...editing.value, ...patch };
      if (patch.preset && patch.preset !== editing.value.preset) {
        const preset = providerPresets.find((p) => p.id === patch.preset);
        if (preset) next = { ...draftFromPreset(preset), id: next.id, apiKey: next.apiKey, keyLast4: next.keyLast4 };
      }
      // The price fields are the price of the model named: another model shows its own.
      if (patch.model !== undefined && patch.model !== editing.value.model && patch.preset === undefined)
        next = { ...next, ...followModel(editing.value, patch.model) };
      // A name the user has not changed follows the address, so it keeps saying what the provider is.
      if (
        patch.name === undefined &&
        editing.value.name === defaultProviderName(editing.value.kind, editing.value.baseUrl)
      )
        next.name = defaultProviderName(next.kind, next.baseUrl);
      editing.value = next;
      testResult.value = null;
    },
    cancel() {
      editing.value = null;
    },
    async test() {
      const d = editing.value;
      if (!d) return;
      testing.value = true;
      testResult.value = null;
      try {
        const { models, reported, baseUrl } = await sendToBackground('providers.test', {
          id: d.id,
          kind: d.kind,
          baseUrl: d.baseUrl.trim(),
          apiKey: d.apiKey.trim() || undefined,
          ...azureFields(d),
        });
        batch(() => {
          // The server answered at its usual path: the form takes that address, and its name follows it.
          if (baseUrl && editing.value) {
            const followsAddress =
              editing.value.name === defaultProviderName(editing.value.kind, editing.value.baseUrl);
            editing.value = {
              ...editing.value,
              baseUrl,
              ...(followsAddress ? { name: defaultProviderName(editing.value.kind, baseUrl) } : {}),
            };
          }
          testResult.value = { ok: true, models, reported, ...(baseUrl ? { foundAt: baseUrl } : {}) };
        });
      } catch (e) {
        testResult.value = { ok: false, message: (e as Error).message };
      } finally {
        testing.value = false;
      }
    },
    async save() {
      const d = editing.value;
      if (!d) return;
      const priced = pricesToSave(d);
      if ('error' in priced) {
        error.value = priced.error;
        return;
      }
      saving.value = true;
      error.value = null;
      try {
        const view = await sendToBackground('providers.save', {
          id: d.id,
          kind: d.kind,
          name: d.name,
          baseUrl: d.baseUrl.trim(),
          model: d.model,
          apiKey: d.apiKey.trim() ? d.apiKey.trim() : undefined,
          ...azureFields(d),
          ...(d.contextWindowTokens ? { contextWindowTokens: d.contextWindowTokens } : {}),
          prices: priced.prices,
        });
        batch(() => {
          editing.value = null;
          saved.value = t('models_saved', view.name);
        });
        await refresh();
      } catch (e) {
        error.value = (e as Error).message;
      } finally {
        saving.value = false;
      }
    },
    async remove(id: string) {
      await sendToBackground('providers.delete', { id });
      await refresh();
    },
    async makeDefault(id: string) {
      await sendToBackground('settings.update', { defaultProviderId: id });
      defaultProviderId.value = id;
    },
  };
}

export type OptionsState = ReturnType<typeof createOptionsState>;
