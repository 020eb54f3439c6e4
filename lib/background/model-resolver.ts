/**
 * The one place a model is resolved: the default provider's model for new runs and side jobs (titles), and a
 * stored reference back to a live model when a run starts or resumes.
 */
import type { ModelRef } from '../agent/run-journal';
import type { ChatModel } from '../providers/chat-model';
import { createChatModel, type ChatModelTuning } from '../providers/create-chat-model';
import type { ProviderRecord } from '../core/provider-record';
import type { ProviderStore } from '../providers/provider-store';
import type { ConversationModel } from '../storage/records';
import type { SettingsStore } from '../storage/settings-store';
import { UserFacingError } from '../messaging/user-facing-error';
import { t } from '../util/t';

export interface ModelResolver {
  /** The default model's reference and label for a new run; a UserFacingError when no provider is set up. */
  forNewRun(preferred?: ConversationModel): Promise<{ ref: ModelRef; label: string; unpriced?: true }>;
  /** A live model for a stored reference (the provider instance's id and model). */
  forRef(ref: ModelRef): Promise<ChatModel>;
  /** The default model itself, for side jobs; undefined when no provider is set up. */
  defaultModel(): Promise<ChatModel | undefined>;
}

export interface ModelResolverDeps {
  providers: ProviderStore | Promise<ProviderStore>;
  settings: SettingsStore | Promise<SettingsStore>;
  /** Injectable so tests build fakes instead of SDK clients. */
  createModel?: (provider: ProviderRecord, apiKey: string | undefined, tuning: ChatModelTuning) => ChatModel;
}

/** The vendors whose list prices the panel knows, at their own endpoints. */
const LIST_PRICED_HOSTS: Partial<Record<ProviderRecord['kind'], string>> = {
  openai: 'api.openai.com',
  anthropic: 'api.anthropic.com',
};

/** `{ unpriced: true }` unless the provider is a vendor at its own endpoint (a custom server's cost is unknown). */
export function unpricedFor(p: Pick<ProviderRecord, 'kind' | 'baseUrl'>): { unpriced?: true } {
  const host = LIST_PRICED_HOSTS[p.kind];
  if (!host) return { unpriced: true };
  if (!p.baseUrl) return {};
  return URL.canParse(p.baseUrl) && new URL(p.baseUrl).hostname === host ? {} : { unpriced: true };
}

export function createModelResolver(deps: ModelResolverDeps): ModelResolver {
  const createModel =
    deps.createModel ??
    ((p: ProviderRecord, key: string | undefined, tuning: ChatModelTuning) =>
      createChatModel(p, key, undefined, tuning));

  async function defaultProvider() {
    const [providers, settings] = await Promise.all([deps.providers, deps.settings]);
    const all = await providers.list();
    const { defaultProviderId } = await settings.get();
    return all.find((p) => p.id === defaultProviderId) ?? all[0];
  }

  async function forRef(ref: ModelRef): Promise<ChatModel> {
    const [providers, settings] = await Promise.all([deps.providers, deps.settings]);
    const provider = await providers.get(ref.provider);
    if (!provider) throw new UserFacingError('no_provider', t('bg_provider_deleted'));
    const { stallTimeoutMs } = await settings.get();
    return createModel({ ...provider, model: ref.modelId }, await providers.getApiKey(provider.id), { stallTimeoutMs });
  }

  return {
    async forNewRun(preferred) {
      // The conversation's own model, while its provider exists; else the default from Settings.
      const chosen = preferred ? await (await deps.providers).get(preferred.providerId) : undefined;
      if (chosen && preferred)
        return {
          ref: { provider: chosen.id, modelId: preferred.modelId },
          label: `${chosen.name} · ${preferred.modelId}`,
          ...unpricedFor(chosen),
        };
      const provider = await defaultProvider();
      if (!provider) throw new UserFacingError('no_provider', t('bg_no_model'));
      return {
        ref: { provider: provider.id, modelId: provider.model },
        label: `${provider.name} · ${provider.model}`,
        ...unpricedFor(provider),
      };
    },
    forRef,
    async defaultModel() {
      const provider = await defaultProvider();
      return provider ? forRef({ provider: provider.id, modelId: provider.model }) : undefined;
    },
  };
}
