/** The model switcher's backend: models grouped by provider, and a conversation's own model over the default. */
import { describe, expect, it } from 'vitest';
import { createModelHandlers } from '../../../../lib/background/handlers/model-handlers';
import { createModelResolver } from '../../../../lib/background/model-resolver';
import { ProviderError } from '../../../../lib/providers/provider-error';
import { createMemoryConversationStore } from '../memory-conversation-store';
import { createFakeProviderStore, createFakeSettingsStore } from './fakes';

async function setup() {
  const providers = createFakeProviderStore();
  const settings = createFakeSettingsStore();
  const conversations = createMemoryConversationStore();
  const a = await providers.save({
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: 'http://127.0.0.1:1/v1',
    model: 'llama',
  });
  const b = await providers.save({ kind: 'anthropic', name: 'Claude', baseUrl: '', model: 'claude-x' });
  await settings.update({ defaultProviderId: b.id });
  const h = createModelHandlers({
    providers,
    settings,
    conversations,
    listModels: async (target) => {
      if (target.kind === 'anthropic') return ['claude-x', 'claude-y'];
      throw new ProviderError({ code: 'network', message: "Can't reach 127.0.0.1:1." });
    },
  });
  return { providers, settings, conversations, h, a, b };
}

describe('model handlers', () => {
  it('lists each provider with its models; an endpoint that cannot list offers its own model and says why', async () => {
    const { h, a, b } = await setup();
    expect(await h['models.list']({})).toEqual([
      {
        providerId: a.id,
        providerName: 'Local',
        defaultModel: 'llama',
        isDefault: false,
        models: ['llama'],
        error: "Can't reach 127.0.0.1:1.",
      },
      {
        providerId: b.id,
        providerName: 'Claude',
        defaultModel: 'claude-x',
        isDefault: true,
        models: ['claude-x', 'claude-y'],
      },
    ]);
  });

  it("a conversation's model is stored on it and answers its runs; the default in Settings is untouched", async () => {
    const { h, conversations, providers, settings, a, b } = await setup();
    await conversations.createConversation({ id: 'c', title: 't', createdAt: 1, updatedAt: 1 });
    await h['conversations.setModel']({ id: 'c', model: { providerId: a.id, modelId: 'llama' } });
    const chosen = (await conversations.getConversation('c'))!.model;
    expect(chosen).toEqual({ providerId: a.id, modelId: 'llama' });
    const resolver = createModelResolver({ providers, settings });
    expect(await resolver.forNewRun(chosen)).toEqual({
      ref: { provider: a.id, modelId: 'llama' },
      label: 'Local · llama',
      fallbacks: [],
      unpriced: true, // a local server: the vendors' prices say nothing about it
    });
    expect(await resolver.forNewRun()).toEqual({
      ref: { provider: b.id, modelId: 'claude-x' },
      label: 'Claude · claude-x',
      fallbacks: [],
    });
    expect((await settings.get()).defaultProviderId).toBe(b.id);
    // A provider deleted since: the default answers instead.
    await providers.delete(a.id);
    expect(await resolver.forNewRun(chosen)).toMatchObject({ label: 'Claude · claude-x' });
    await expect(
      h['conversations.setModel']({ id: 'c', model: { providerId: 'gone', modelId: 'x' } }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await h['conversations.setModel']({ id: 'c', model: null });
    expect((await conversations.getConversation('c'))!.model).toBeUndefined();
  });

  it("a conversation's own fallback list replaces the one in Settings for its runs; null goes back to Settings", async () => {
    const { h, conversations, providers, settings, a, b } = await setup();
    await conversations.createConversation({ id: 'c', title: 't', createdAt: 1, updatedAt: 1 });
    await settings.update({ fallbackModels: [{ providerId: a.id, modelId: 'llama' }] });
    const resolver = createModelResolver({ providers, settings });
    const own = (await conversations.getConversation('c'))!;
    expect((await resolver.forNewRun(own.model, own.fallbackModels)).fallbacks).toEqual([
      { ref: { provider: a.id, modelId: 'llama' }, label: 'Local · llama' },
    ]);

    await h['conversations.setFallbacks']({
      id: 'c',
      models: [
        { providerId: b.id, modelId: 'claude-y' },
        { providerId: a.id, modelId: 'llama' },
      ],
    });
    const moved = (await conversations.getConversation('c'))!;
    expect((await resolver.forNewRun(moved.model, moved.fallbackModels)).fallbacks.map((f) => f.label)).toEqual([
      'Claude · claude-y',
      'Local · llama',
    ]);
    // An empty list is the conversation's own too: no fallback at all, whatever Settings says.
    await h['conversations.setFallbacks']({ id: 'c', models: [] });
    const none = (await conversations.getConversation('c'))!;
    expect((await resolver.forNewRun(none.model, none.fallbackModels)).fallbacks).toEqual([]);
    await expect(
      h['conversations.setFallbacks']({ id: 'c', models: [{ providerId: 'gone', modelId: 'x' }] }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await h['conversations.setFallbacks']({ id: 'c', models: null });
    expect((await conversations.getConversation('c'))!.fallbackModels).toBeUndefined();
    // A fallback whose provider was deleted since is left out.
    await providers.delete(a.id);
    expect((await resolver.forNewRun()).fallbacks).toEqual([]);
  });
});
