import { describe, expect, it } from 'vitest';
import { createProviderHandlers, keyAgainMessage } from '../../../../lib/background/handlers/provider-handlers';
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
      providers,
      settings: createFakeSettingsStore(),
      listModels: async ({ apiKey }) => {
        seen.push(apiKey);
        return ['m1', 'm2'];
      },
    });
    const saved = await h['providers.save']({ ...draft('A'), apiKey: 'sk-stored' });
    expect(await h['providers.test']({ ...draft('A'), id: saved.id })).toEqual({ models: ['m1', 'm2'] });
    await h['providers.test']({ ...draft('A'), apiKey: 'sk-typed' });
    expect(seen).toEqual(['sk-stored', 'sk-typed']);
  });

  describe('a saved key never follows an edited endpoint', () => {
    const compatible = {
      kind: 'openai-compatible' as const,
      name: 'Work',
      baseUrl: 'https://llm.work.example/v1',
      model: 'm',
    };
    async function saved() {
      const providers = createFakeProviderStore();
      const seen: Array<{ baseUrl: string; apiKey?: string }> = [];
      const h = createProviderHandlers({
        providers,
        settings: createFakeSettingsStore(),
        listModels: async (c) => {
          seen.push({ baseUrl: c.baseUrl, apiKey: c.apiKey });
          return ['m'];
        },
      });
      const p = await h['providers.save']({ ...compatible, apiKey: 'sk-secret' });
      return { providers, h, p, seen };
    }

    it('refuses to keep the key when the base URL host changes, and keeps the record as it was', async () => {
      const { providers, h, p } = await saved();
      await expect(
        h['providers.save']({ ...compatible, id: p.id, baseUrl: 'https://attacker.example/v1' }),
      ).rejects.toMatchObject({ code: 'key_required', message: keyAgainMessage() });
      expect((await providers.get(p.id))!.baseUrl).toBe('https://llm.work.example/v1');
      expect(providers.keys.get(p.id)).toBe('sk-secret');
    });

    it('refuses when the kind changes (another vendor) too', async () => {
      const { h, p } = await saved();
      await expect(h['providers.save']({ ...compatible, id: p.id, kind: 'anthropic' })).rejects.toMatchObject({
        code: 'key_required',
      });
    });

    it('takes the change with a new key, or with the key cleared', async () => {
      const { providers, h, p } = await saved();
      await h['providers.save']({ ...compatible, id: p.id, baseUrl: 'https://other.example/v1', apiKey: 'sk-new' });
      expect(providers.keys.get(p.id)).toBe('sk-new');
      await h['providers.save']({ ...compatible, id: p.id, baseUrl: 'https://third.example/v1', apiKey: '' });
      expect(providers.keys.has(p.id)).toBe(false);
    });

    it('keeps the key for a change of path, model or name on the same origin', async () => {
      const { providers, h, p } = await saved();
      await h['providers.save']({
        ...compatible,
        id: p.id,
        name: 'Renamed',
        model: 'm2',
        baseUrl: 'https://llm.work.example/v2',
      });
      expect(providers.keys.get(p.id)).toBe('sk-secret');
    });

    it('a keyless local provider may move freely (an empty key stays empty)', async () => {
      const providers = createFakeProviderStore();
      const h = createProviderHandlers({ providers, settings: createFakeSettingsStore() });
      const p = await h['providers.save']({ ...compatible, baseUrl: 'http://localhost:11434/v1' });
      const moved = await h['providers.save']({ ...compatible, id: p.id, baseUrl: 'http://127.0.0.1:8080/v1' });
      expect(moved).toMatchObject({ baseUrl: 'http://127.0.0.1:8080/v1', hasKey: false });
    });

    it('"Test connection" on an edited draft does not send the saved key to the new host', async () => {
      const { h, p, seen } = await saved();
      await expect(
        h['providers.test']({ id: p.id, kind: 'openai-compatible', baseUrl: 'https://attacker.example/v1' }),
      ).rejects.toMatchObject({ code: 'key_required' });
      expect(seen).toEqual([]);
      await h['providers.test']({ id: p.id, kind: 'openai-compatible', baseUrl: 'https://llm.work.example/v1' });
      expect(seen).toEqual([{ baseUrl: 'https://llm.work.example/v1', apiKey: 'sk-secret' }]);
    });
  });
});
