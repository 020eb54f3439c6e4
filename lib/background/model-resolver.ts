/**
 * The one place a model is resolved: the default provider's model for new runs, and a stored reference back
 * to a live model when a run starts or resumes. There is deliberately no "default model" for side jobs: a
 * title is written by the run's own model (generate-title.ts), so nothing of a conversation reaches a
 * provider the user did not choose for it.
 */
import type { ModelRef } from '../agent/model-ref';
import type { ModelChoice } from '../agent/model-ref';
import type { ChatModel } from '../providers/chat-model';
import { createChatModel, type ChatModelTuning } from '../providers/create-chat-model';
import type { ProviderRecord } from '../core/provider-record';
import type { ProviderStore } from '../providers/provider-store';
import type { ConversationModel } from '../storage/records';
import type { SettingsStore } from '../storage/settings-store';
import { UserFacingError } from '../messaging/user-facing-error';
import { pricingFor } from '../providers/model-prices';
import type { TokenPrices } from '../core/usage';
import { t } from '../util/t';
import type { ManagedPolicy } from '../policy/managed-policy';
import { isModelAllowed } from '../policy/policy-models';

/** A new run's model, its label, and the fallback models to move to, in order, when it fails. */
export interface NewRunModel {
  ref: ModelRef;
  label: string;
  fallbacks: ModelChoice[];
  /** Set for a custom or local server: no list price is shown for its answers. */
  unpriced?: true;
  /** The price the user set for this model of a custom server: its answers' cost is computed from it. */
  price?: TokenPrices;
}

export interface ModelResolver {
  /**
   * The conversation's model (else the default) for a new run, and its fallbacks: the conversation's own list
   * when it has one, else the list in Settings, without models whose provider is gone. A UserFacingError when
   * no provider is set up.
   */
  forNewRun(preferred?: ConversationModel, fallbacks?: ConversationModel[]): Promise<NewRunModel>;
  /** A live model for a stored reference (the provider instance's id and model). */
  forRef(ref: ModelRef): Promise<ChatModel>;
}

export interface ModelResolverDeps {
  providers: ProviderStore | Promise<ProviderStore>;
  settings: SettingsStore | Promise<SettingsStore>;
  /** Injectable so tests build fakes instead of SDK clients. */
  createModel?: (provider: ProviderRecord, apiKey: string | undefined, tuning: ChatModelTuning) => ChatModel;
  /** The organisation's policy now (lib/policy): a provider or model it does not allow is never used. */
  policy?: () => Promise<ManagedPolicy>;
}

/** The refusal of a model the organisation's policy does not allow: the run ends with it, before any request. */
export const notAllowedError = (label: string) => new UserFacingError('not_allowed', t('bg_model_not_allowed', label));

export function createModelResolver(deps: ModelResolverDeps): ModelResolver {
  const createModel =
    deps.createModel ??
    ((p: ProviderRecord, key: string | undefined, tuning: ChatModelTuning) =>
      createChatModel(p, key, undefined, tuning));

  const policyNow = async (): Promise<ManagedPolicy> => (deps.policy ? deps.policy() : {});

  async function defaultProvider() {
    const [providers, settings, policy] = await Promise.all([deps.providers, deps.settings, policyNow()]);
    const all = await providers.list();
    const { defaultProviderId } = await settings.get();
    const chosen = all.find((p) => p.id === defaultProviderId) ?? all[0];
    // A default the policy (or a team-only team) does not allow gives way to the first provider that is allowed.
    if (!chosen || isModelAllowed(policy, chosen, chosen.model)) return chosen;
    return all.find((p) => isModelAllowed(policy, p, p.model)) ?? chosen;
  }

  async function forRef(ref: ModelRef): Promise<ChatModel> {
    const [providers, settings, policy] = await Promise.all([deps.providers, deps.settings, policyNow()]);
    const provider = await providers.get(ref.provider);
    if (!provider) throw new UserFacingError('no_provider', t('bg_provider_deleted'));
    // Every model call comes through here (a new run, a resumed one, a fallback, a title): none on a disallowed model.
    if (!isModelAllowed(policy, provider, ref.modelId)) throw notAllowedError(`${provider.name} · ${ref.modelId}`);
    const { stallTimeoutMs } = await settings.get();
    return createModel({ ...provider, model: ref.modelId }, await providers.getApiKey(provider.id), { stallTimeoutMs });
  }

  async function choices(models: ConversationModel[]): Promise<ModelChoice[]> {
    const [providers, policy] = await Promise.all([deps.providers, policyNow()]);
    const found = await Promise.all(models.map(async (m) => ({ m, p: await providers.get(m.providerId) })));
    // A fallback the policy does not allow is left out of the chain, as one whose provider is gone.
    return found.flatMap(({ m, p }) =>
      p && isModelAllowed(policy, p, m.modelId)
        ? [{ ref: { provider: p.id, modelId: m.modelId }, label: `${p.name} · ${m.modelId}` }]
        : [],
    );
  }

  async function ownModel(
    preferred?: ConversationModel,
  ): Promise<ModelChoice & Pick<NewRunModel, 'unpriced' | 'price'>> {
    // The conversation's own model, while its provider exists; else the default from Settings.
    const chosen = preferred ? await (await deps.providers).get(preferred.providerId) : undefined;
    if (chosen && preferred)
      return {
        ref: { provider: chosen.id, modelId: preferred.modelId },
        label: `${chosen.name} · ${preferred.modelId}`,
        ...pricingFor(chosen, preferred.modelId),
      };
    const provider = await defaultProvider();
    if (!provider) throw new UserFacingError('no_provider', t('bg_no_model'));
    return {
      ref: { provider: provider.id, modelId: provider.model },
      label: `${provider.name} · ${provider.model}`,
      ...pricingFor(provider, provider.model),
    };
  }

  return {
    async forNewRun(preferred, fallbacks) {
      const own = await ownModel(preferred);
      const provider = await (await deps.providers).get(own.ref.provider);
      if (provider && !isModelAllowed(await policyNow(), provider, own.ref.modelId)) throw notAllowedError(own.label);
      const listed = fallbacks ?? (await (await deps.settings).get()).fallbackModels ?? [];
      return { ...own, fallbacks: await choices(listed) };
    },
    forRef,
  };
}
