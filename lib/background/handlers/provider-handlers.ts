/** providers.*: the user's model providers; the first one saved becomes the default, and so does the next after a delete. */
import { listModels as listModelsDefault } from '../../providers/list-models';
import type { ProviderStore } from '../../providers/provider-store';
import type { SettingsStore } from '../../storage/settings-store';
import type { Awaitable, HandlerSet } from './handler-set';

export interface ProviderHandlerDeps {
  providers: Awaitable<ProviderStore>;
  settings: Awaitable<SettingsStore>;
  /** Injectable so tests need no network. */
  listModels?: typeof listModelsDefault;
}

export function createProviderHandlers(deps: ProviderHandlerDeps): HandlerSet<'providers.list' | 'providers.save' | 'providers.delete' | 'providers.test'> {
  const listModels = deps.listModels ?? listModelsDefault;
  return {
    'providers.list': async () => (await deps.providers).list(),
    'providers.save': async (input) => {
      const [providers, settings] = await Promise.all([deps.providers, deps.settings]);
      const saved = await providers.save(input);
      if (!(await settings.get()).defaultProviderId) await settings.update({ defaultProviderId: saved.id });
      return saved;
    },
    'providers.delete': async ({ id }) => {
      const [providers, settings] = await Promise.all([deps.providers, deps.settings]);
      await providers.delete(id);
      if ((await settings.get()).defaultProviderId === id) {
        await settings.update({ defaultProviderId: (await providers.list())[0]?.id });
      }
    },
    'providers.test': async (draft) => {
      const providers = await deps.providers;
      const apiKey = draft.apiKey || (draft.id ? await providers.getApiKey(draft.id) : undefined);
      return { models: await listModels({ kind: draft.kind, baseUrl: draft.baseUrl, apiKey }) };
    },
  };
}
