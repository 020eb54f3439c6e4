import { describe, expect, it } from 'vitest';
import { createModelResolver } from '../../../lib/background/model-resolver';
import { createFakeChatModel } from '../../../lib/agent/testing/fake-chat-model';
import { createFakeProviderStore, createFakeSettingsStore } from './handlers/fakes';

function setup() {
  const providers = createFakeProviderStore();
  const settings = createFakeSettingsStore();
  const built: Array<{ provider: string; model: string; apiKey?: string }> = [];
  const models = createModelResolver({
    providers,
    settings,
    createModel: (p, apiKey) => {
      built.push({ provider: p.id, model: p.model, apiKey });
      return createFakeChatModel([], { provider: p.id, modelId: p.model });
    },
  });
  return { providers, settings, built, models };
}

describe('model resolver', () => {
  it('without a provider: new runs get a no_provider error the user can act on', async () => {
    const { models } = setup();
    await expect(models.forNewRun()).rejects.toMatchObject({
      code: 'no_provider',
      message: expect.stringContaining('Settings'),
    });
  });

  it('new runs use the default provider (else the first), labelled "name · model"', async () => {
    const { models, providers, settings } = setup();
    await providers.save({ kind: 'openai', name: 'First', baseUrl: '', model: 'a' });
    const second = await providers.save({ kind: 'anthropic', name: 'Second', baseUrl: '', model: 'b' });
    expect(await models.forNewRun()).toMatchObject({ label: 'First · a' });
    await settings.update({ defaultProviderId: second.id });
    expect(await models.forNewRun()).toEqual({
      ref: { provider: second.id, modelId: 'b' },
      label: 'Second · b',
      fallbacks: [],
    });
  });

  it("a custom server's answers carry the price the user set for that model, and only for that model", async () => {
    const { models, providers } = setup();
    const local = await providers.save({
      kind: 'openai-compatible',
      name: 'Local',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2',
      prices: { 'llama3.2': { input: 0.5, output: 1.5 } },
    });
    expect(await models.forNewRun()).toMatchObject({
      unpriced: true,
      price: { input: 0.5, cachedInput: 0.5, output: 1.5, inputIncludesCached: true },
    });
    // Another model of the same server, picked in the panel: no price was set for it.
    const other = await models.forNewRun({ providerId: local.id, modelId: 'qwen3' });
    expect(other).toMatchObject({ label: 'Local · qwen3', unpriced: true });
    expect(other.price).toBeUndefined();
  });

  it('a stored reference builds its provider with its key and the stored model; a deleted provider is no_provider', async () => {
    const { models, providers, built } = setup();
    const p = await providers.save({ kind: 'openai', name: 'P', baseUrl: '', model: 'new', apiKey: 'sk-1' });
    const model = await models.forRef({ provider: p.id, modelId: 'old' });
    expect(model.modelId).toBe('old');
    expect(built).toEqual([{ provider: p.id, model: 'old', apiKey: 'sk-1' }]);
    await providers.delete(p.id);
    await expect(models.forRef({ provider: p.id, modelId: 'old' })).rejects.toMatchObject({ code: 'no_provider' });
  });
});
