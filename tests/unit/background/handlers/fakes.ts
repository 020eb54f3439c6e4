/** In-memory provider and settings stores for the handler tests (the IndexedDB ones are tested in the browser). */
import type { ProviderView } from '../../../../lib/core/provider-record';
import type { ProviderStore } from '../../../../lib/providers/provider-store';
import type { Settings, SettingsStore } from '../../../../lib/storage/settings-store';

export function createFakeSettingsStore(initial: Settings = {}): SettingsStore {
  let settings = { ...initial };
  return {
    get: async () => ({ ...settings }),
    update: async (patch) => (settings = { ...settings, ...patch }),
  };
}

export function createFakeProviderStore(): ProviderStore & { keys: Map<string, string> } {
  const providers = new Map<string, ProviderView>();
  const keys = new Map<string, string>();
  let n = 0;
  return {
    keys,
    list: async () => [...providers.values()],
    get: async (id) => providers.get(id),
    async save({ apiKey, ...input }) {
      const id = input.id ?? `p${++n}`;
      if (apiKey) keys.set(id, apiKey);
      else if (apiKey === '') keys.delete(id);
      const view: ProviderView = { ...input, id, createdAt: n, hasKey: keys.has(id) };
      providers.set(id, view);
      return view;
    },
    delete: async (id) => void providers.delete(id),
    getApiKey: async (id) => keys.get(id),
  };
}
