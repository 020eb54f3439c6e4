/** providers.*: the user's model providers; the first one saved becomes the default, and so does the next after a delete. */
import { describeBuiltinModel } from '../../providers/describe-builtin-model';
import type { listModels as listModelsDefault } from '../../providers/list-models';
import { listModelsAtUsualPaths } from '../../providers/list-models-at-usual-paths';
import { providerEndpoint, type ProviderKind } from '../../core/provider-config';
import type { ProviderStore } from '../../providers/provider-store';
import type { SettingsStore } from '../../storage/settings-store';
import type { LocalOriginRulesSync } from '../local-origin-rules';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { Awaitable, HandlerSet } from './handler-set';
import { t } from '../../util/t';

export interface ProviderHandlerDeps {
  providers: Awaitable<ProviderStore>;
  settings: Awaitable<SettingsStore>;
  /** Injectable so tests need no network (the ids only; the real lister also reads reported limits). */
  listModels?: typeof listModelsDefault;
  /** Injectable so tests need no Chrome. */
  describeBuiltin?: typeof describeBuiltinModel;
  /** Keeps local servers reachable without flags: told when the saved providers change or a draft is tested. */
  localOrigins?: LocalOriginRulesSync;
}

/** What the form shows when a stored key would follow an edited endpoint. */
export const keyAgainMessage = (): string => t('bg_key_again');

/**
 * Refuses to let a stored key go to another endpoint: a changed kind or base URL origin needs the key typed
 * again (or cleared). A provider with no stored key (a local server) has nothing to leak.
 */
async function refuseKeyToNewEndpoint(
  providers: ProviderStore,
  draft: { id?: string; kind: ProviderKind; baseUrl: string; apiKey?: string },
) {
  // A typed key goes where the user typed it for; '' removes the stored key; only undefined keeps it.
  if (!draft.id || draft.apiKey !== undefined) return;
  const saved = await providers.get(draft.id);
  if (!saved?.hasKey) return;
  if (providerEndpoint(saved) !== providerEndpoint(draft)) throw new UserFacingError('key_required', keyAgainMessage());
}

export function createProviderHandlers(
  deps: ProviderHandlerDeps,
): HandlerSet<'providers.list' | 'providers.save' | 'providers.delete' | 'providers.test' | 'providers.builtinStatus'> {
  return {
    'providers.list': async () => (await deps.providers).list(),
    'providers.save': async (input) => {
      const [providers, settings] = await Promise.all([deps.providers, deps.settings]);
      await refuseKeyToNewEndpoint(providers, input);
      const saved = await providers.save(input);
      await deps.localOrigins?.sync();
      if (!(await settings.get()).defaultProviderId) await settings.update({ defaultProviderId: saved.id });
      return saved;
    },
    'providers.delete': async ({ id }) => {
      const [providers, settings] = await Promise.all([deps.providers, deps.settings]);
      await providers.delete(id);
      await deps.localOrigins?.sync();
      if ((await settings.get()).defaultProviderId === id) {
        await settings.update({ defaultProviderId: (await providers.list())[0]?.id });
      }
    },
    'providers.builtinStatus': async () => (deps.describeBuiltin ?? describeBuiltinModel)(),
    'providers.test': async (draft) => {
      const providers = await deps.providers;
      // "Test connection" on an edited draft would otherwise send the saved key to the draft's new host.
      await refuseKeyToNewEndpoint(providers, draft);
      const apiKey = draft.apiKey || (draft.id ? await providers.getApiKey(draft.id) : undefined);
      if (draft.baseUrl) await deps.localOrigins?.sync([draft.baseUrl]);
      const target = { kind: draft.kind, baseUrl: draft.baseUrl, apiKey, apiVersion: draft.apiVersion };
      // An address typed without its /v1 (or with /models on the end) is found at the usual paths.
      const injected = deps.listModels;
      return listModelsAtUsualPaths(target, injected ? async (t) => ({ models: await injected(t) }) : undefined);
    },
  };
}
