import { describe, expect, it } from 'vitest';
import { createProviderHandlers } from '../../../../lib/background/handlers/provider-handlers';
import { createFakeProviderStore, createFakeSettingsStore } from './fakes';

const draft = (name: string) => ({ kind: 'openai' as const, name, baseUrl: '', model: 'gpt-x' });

describe('provider handlers', () => {
  it('the first provider saved becomes the default; deleting the default moves it to the next one', async () => {
    const providers = createFakeProviderStore();
    const settings = createFakeSettingsStore();
    const h = createProviderHandlers({ providers, settings });
    const a = await h['providers.save'](draft('A'));
    expect((await settings.get()).defaultProviderId).toBe(a.id);
    const b = await h['providers.save'](draft('B'));
    expect((await settings.get()).defaultProviderId).toBe(a.id);
    expect((await h['providers.list']({})).map((p) => p.name)).toEqual(['A', 'B']);
    await h['providers.delete']({ id: a.id });
    expect((await settings.get()).defaultProviderId).toBe(b.id);
    await h['providers.delete']({ id: b.id });
    expect((await settings.get()).defaultProviderId).toBeUndefined();
  });

  it('testing a saved provider without retyping the key uses the stored key', async () => {
    const providers = createFakeProviderStore();
    const seen: Array<string | undefined> = [];
    const h = createProviderHandlers({
      providers, settings: createFakeSettingsStore(),
      listModels: async ({ apiKey }) => { seen.push(apiKey); return ['m1', 'm2']; },
    });
    const saved = await h['providers.save']({ ...draft('A'), apiKey: 'sk-stored' });
    expect(await h['providers.test']({ ...draft('A'), id: saved.id })).toEqual({ models: ['m1', 'm2'] });
    await h['providers.test']({ ...draft('A'), apiKey: 'sk-typed' });
    expect(seen).toEqual(['sk-stored', 'sk-typed']);
  });
});
