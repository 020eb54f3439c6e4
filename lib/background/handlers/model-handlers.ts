/**
 * models.list, conversations.setModel and conversations.setFallbacks: the panel's model switcher lists every
 * provider's models (grouped by provider) and applies a choice, or a list of fallback models, to one
 * conversation; the default model and the default fallbacks stay the ones in Settings.
 */
import { listModels as listModelsDefault } from '../../providers/list-models';
import type { ProviderStore } from '../../providers/provider-store';
import type { ConversationStore } from '../../storage/conversation-store';
import type { SettingsStore } from '../../storage/settings-store';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { Awaitable, HandlerSet } from './handler-set';
import type { ModelGroup } from '../protocol';
import { t } from '../../util/t';
import type { ManagedPolicy } from '../../policy/managed-policy';
import { isModelAllowed } from '../../policy/policy-models';
import { notAllowedError } from '../model-resolver';

export interface ModelHandlerDeps {
  providers: Awaitable<ProviderStore>;
  settings: Awaitable<SettingsStore>;
  conversations: Awaitable<ConversationStore>;
  listModels?: typeof listModelsDefault;
  /** How long one endpoint may take to list its models. */
  timeoutMs?: number;
  /** The organisation's policy now: the models it does not allow are listed as such and cannot be chosen. */
  policy?: () => Promise<ManagedPolicy>;
}

export function createModelHandlers(
  deps: ModelHandlerDeps,
): HandlerSet<'models.list' | 'conversations.setModel' | 'conversations.setFallbacks'> {
  const listModels = deps.listModels ?? listModelsDefault;
  const policyNow = async (): Promise<ManagedPolicy> => (deps.policy ? deps.policy() : {});
  const withPolicy = (group: ModelGroup, policy: ManagedPolicy, p: Parameters<typeof isModelAllowed>[1]) => {
    const notAllowed = group.models.filter((m) => !isModelAllowed(policy, p, m));
    return notAllowed.length ? { ...group, notAllowed } : group;
  };
  return {
    'models.list': async () => {
      const [providers, settings, policy] = await Promise.all([deps.providers, deps.settings, policyNow()]);
      const all = await providers.list();
      const defaultId = (await settings.get()).defaultProviderId ?? all[0]?.id;
      return Promise.all(
        all.map(async (p): Promise<ModelGroup> => {
          const group = {
            providerId: p.id,
            providerName: p.name,
            defaultModel: p.model,
            isDefault: p.id === defaultId,
          };
          try {
            const apiKey = await providers.getApiKey(p.id);
            const listed = await listModels(
              { kind: p.kind, baseUrl: p.baseUrl, apiKey },
              AbortSignal.timeout(deps.timeoutMs ?? 8_000),
            );
            return withPolicy({ ...group, models: [...new Set([p.model, ...listed])] }, policy, p);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            return withPolicy({ ...group, models: [p.model], error: message }, policy, p);
          }
        }),
      );
    },
    'conversations.setModel': async ({ id, model }) => {
      const [conversations, providers] = await Promise.all([deps.conversations, deps.providers]);
      if (!(await conversations.getConversation(id))) throw new UserFacingError('not_found', t('bg_conversation_gone'));
      const provider = model && (await providers.get(model.providerId));
      if (model && !provider) throw new UserFacingError('not_found', t('bg_provider_gone'));
      if (model && provider && !isModelAllowed(await policyNow(), provider, model.modelId))
        throw notAllowedError(`${provider.name} · ${model.modelId}`);
      await conversations.setModel(id, model ?? undefined);
    },
    'conversations.setFallbacks': async ({ id, models }) => {
      const [conversations, providers] = await Promise.all([deps.conversations, deps.providers]);
      if (!(await conversations.getConversation(id))) throw new UserFacingError('not_found', t('bg_conversation_gone'));
      for (const m of models ?? [])
        if (!(await providers.get(m.providerId))) throw new UserFacingError('not_found', t('bg_provider_gone'));
      await conversations.setFallbackModels(id, models ?? undefined);
    },
  };
}
