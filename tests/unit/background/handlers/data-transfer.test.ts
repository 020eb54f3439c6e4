/** Export everything → import: the file's format, what it never holds, and a merge that duplicates nothing. */
import { describe, expect, it } from 'vitest';
import { createDataTransferHandlers } from '../../../../lib/background/handlers/data-transfer-handlers';
import { EXPORT_VERSION } from '../../../../lib/background/data-transfer/export-file-schema';
import { createInMemoryMemoryStore } from '../../../../lib/tools/memory-store';
import type { Settings } from '../../../../lib/storage/settings-store';
import { createMemoryConversationStore } from '../memory-conversation-store';
import { createFakeProviderStore, createFakeSettingsStore } from './fakes';
import type { RememberSettings } from '../../../../lib/background/data-transfer/data-transfer-deps';
import type { IndexSettings, IndexSettingsPatch } from '../../../../lib/retrieval/index-settings';

const skill = { name: 'tide-tables', description: 'When the user asks about tides', body: 'Quote high and low tide.' };

/** "Remember what I read" as the history feature keeps it (only the fields these tests use). */
function createFakeRemember(
  initial: Partial<IndexSettings> = {},
): RememberSettings & { current: Partial<IndexSettings> } {
  const fake = {
    current: { enabled: false, deniedDomains: [] as string[], ...initial },
    get: async () => ({ ...fake.current }) as IndexSettings,
    update: async (patch: IndexSettingsPatch) => (fake.current = { ...fake.current, ...patch }) as IndexSettings,
  };
  return fake;
}

/** A world with `providerCount` providers (p1, p2, …), their keys among them. */
async function world(settings: Settings = {}, providerCount = 1, remember = createFakeRemember()) {
  const conversations = createMemoryConversationStore();
  const memory = createInMemoryMemoryStore();
  const store = createFakeSettingsStore(settings);
  const providers = createFakeProviderStore();
  for (let i = 1; i <= providerCount; i++)
    await providers.save({
      kind: 'openai',
      name: `Provider ${i}`,
      baseUrl: '',
      model: 'gpt-test',
      apiKey: `sk-secret-key-${i}`,
    });
  const h = createDataTransferHandlers({ conversations, memory, settings: store, providers, remember, now: () => 42 });
  return { conversations, memory, settings: store, providers, remember, h };
}

async function filled() {
  // A settings record that also carries things that must never leave: a key-like field and an encrypted blob.
  const w = await world({
    defaultProviderId: 'p1',
    maxSteps: 7,
    customInstructions: 'Be brief.',
    userSkills: [skill],
    apiKey: 'sk-secret-1234',
    encrypted: { iv: [1], data: [2] },
  } as Settings);
  await w.conversations.createConversation({ id: 'c1', title: 'Trip to Lyon', createdAt: 1, updatedAt: 3 });
  await w.conversations.putMessage({
    id: 'm1',
    conversationId: 'c1',
    role: 'user',
    text: 'Trains to Lyon?',
    status: 'complete',
    createdAt: 2,
  });
  await w.conversations.putMessage({
    id: 'm2',
    conversationId: 'c1',
    role: 'assistant',
    text: 'The 9:04.',
    status: 'complete',
    createdAt: 3,
    model: 'Fake · m',
    usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0, cacheWriteTokens: 0 },
    parts: [
      { kind: 'text', text: 'The 9:04.' },
      { kind: 'tool', toolCallId: 't', toolName: 'list_tabs', status: 'done', output: '[]' },
    ],
  });
  await w.memory.save({ id: 'mem1', text: 'Lives in Lyon', tags: ['home'], createdAt: 5, url: 'https://example.com/' });
  return w;
}

describe('data.export', () => {
  it('writes conversations with messages, memories, skills and settings under a format name and version', async () => {
    const w = await filled();
    const file = await w.h['data.export']({});
    expect(file).toMatchObject({ format: 'tabwise-export', version: EXPORT_VERSION, exportedAt: 42 });
    expect(file.conversations).toHaveLength(1);
    expect(file.conversations[0]!.conversation.title).toBe('Trip to Lyon');
    expect(file.conversations[0]!.messages.map((m) => m.text)).toEqual(['Trains to Lyon?', 'The 9:04.']);
    expect(file.memories).toEqual([
      { id: 'mem1', text: 'Lives in Lyon', tags: ['home'], createdAt: 5, url: 'https://example.com/' },
    ]);
    expect(file.skills).toEqual([skill]);
    expect(file.settings).toEqual({ defaultProviderId: 'p1', maxSteps: 7, customInstructions: 'Be brief.' });
  });

  it('never holds a key or an encrypted blob, whatever the settings record carries', async () => {
    const text = JSON.stringify(await (await filled()).h['data.export']({}));
    expect(text).not.toContain('sk-secret');
    expect(text).not.toContain('apiKey');
    expect(text).not.toContain('encrypted');
  });
});

describe('data.import', () => {
  it('restores everything into an empty install; a default model whose provider is missing is left out', async () => {
    const file = JSON.stringify(await (await filled()).h['data.export']({}));
    const w = await world({}, 0);
    expect(await w.h['data.import']({ text: file })).toEqual({
      conversations: 1,
      messages: 2,
      memories: 1,
      skills: 1,
      providers: 1,
      providersNeedingKey: ['Provider 1'],
      remember: true,
      grants: 0,
      kept: { conversations: 0, memories: 0, providers: 0, skills: 0 },
    });
    expect((await w.conversations.listConversations()).map((c) => c.title)).toEqual(['Trip to Lyon']);
    expect((await w.conversations.listMessages('c1')).map((m) => m.text)).toEqual(['Trains to Lyon?', 'The 9:04.']);
    expect((await w.memory.list()).map((m) => m.text)).toEqual(['Lives in Lyon']);
    // The file's default was its provider p1, which arrived here under a new id.
    const [imported] = await w.providers.list();
    expect(await w.settings.get()).toEqual({
      maxSteps: 7,
      customInstructions: 'Be brief.',
      userSkills: [skill],
      defaultProviderId: imported!.id,
    });
  });

  it('importing the same file twice duplicates nothing; a memory with the same text is not added again', async () => {
    const w = await filled();
    const file = JSON.stringify(await w.h['data.export']({}));
    await w.memory.save({ id: 'other', text: 'Likes tea', tags: [], createdAt: 6 });
    const parsed = JSON.parse(file) as { memories: { id: string }[] };
    parsed.memories[0]!.id = 'renamed-but-same-text';
    expect(await w.h['data.import']({ text: JSON.stringify(parsed) })).toEqual({
      conversations: 0,
      messages: 0,
      memories: 0,
      skills: 0,
      providers: 0,
      providersNeedingKey: [],
      remember: true,
      grants: 0,
      // Everything in the file is here already: said as kept (the renamed memory by its text).
      kept: { conversations: 1, memories: 1, providers: 1, skills: 1 },
    });
    expect(await w.providers.list()).toHaveLength(1);
    expect(await w.h['data.import']({ text: file })).toMatchObject({ conversations: 0, messages: 0, memories: 0 });
    expect(await w.conversations.listConversations()).toHaveLength(1);
    expect(await w.conversations.listMessages('c1')).toHaveLength(2);
    expect(await w.memory.list()).toHaveLength(2);
    expect((await w.settings.get()).userSkills).toEqual([skill]);
  });

  it("an answer's versions travel with it, the one shown still shown; a version left streaming imports as interrupted", async () => {
    const w = await filled();
    const m2 = (await w.conversations.getMessage('m2'))!;
    await w.conversations.putMessage({
      ...m2,
      otherVersions: [
        { text: 'The 8:30.', status: 'complete', model: 'Fake · m', parts: [{ kind: 'text', text: 'The 8:30.' }] },
        { text: 'The 9:', status: 'streaming' },
      ],
      versionIndex: 0,
    });
    const file = await w.h['data.export']({});
    const fresh = await world({}, 0);
    await fresh.h['data.import']({ text: JSON.stringify(file) });
    const imported = (await fresh.conversations.getMessage('m2'))!;
    expect(imported).toMatchObject({ text: 'The 9:04.', versionIndex: 0 });
    expect(imported.otherVersions).toEqual([
      { text: 'The 8:30.', status: 'complete', model: 'Fake · m', parts: [{ kind: 'text', text: 'The 8:30.' }] },
      { text: 'The 9:', status: 'interrupted' },
    ]);
  });

  it("a custom server's answer comes back unpriced (or at the user's price), and a message's mentions in place", async () => {
    const w = await filled();
    const price = { input: 0.5, cachedInput: 0.5, output: 2, inputIncludesCached: true };
    const mentions = [{ tabId: 7, title: 'Lyon timetable', start: 11, end: 26 }];
    await w.conversations.putMessage({
      id: 'm3',
      conversationId: 'c1',
      role: 'user',
      text: 'Check with @Lyon timetable',
      status: 'complete',
      createdAt: 4,
      mentions,
    });
    for (const [id, extra] of [
      ['m4', { unpriced: true as const }],
      ['m5', { unpriced: true as const, price }],
    ] as const)
      await w.conversations.putMessage({
        id,
        conversationId: 'c1',
        role: 'assistant',
        text: 'ok',
        status: 'complete',
        createdAt: 5,
        // Named like a list-priced model: only `unpriced` keeps the catalog's price off it.
        model: 'Local · gpt-4o-mini',
        usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0, cacheWriteTokens: 0 },
        ...extra,
      });
    const file = JSON.stringify(await w.h['data.export']({}));
    const fresh = await world({}, 0);
    await fresh.h['data.import']({ text: file });
    const byId = new Map((await fresh.conversations.listMessages('c1')).map((m) => [m.id, m]));
    expect(byId.get('m3')!.mentions).toEqual(mentions);
    expect(byId.get('m4')).toMatchObject({ unpriced: true });
    expect(byId.get('m4')!.price).toBeUndefined();
    expect(byId.get('m5')).toMatchObject({ unpriced: true, price });
  });

  it('a message left streaming imports as interrupted (it can never finish here)', async () => {
    const w = await filled();
    const file = await w.h['data.export']({});
    file.conversations[0]!.messages[1]!.status = 'streaming';
    const fresh = await world();
    await fresh.h['data.import']({ text: JSON.stringify(file) });
    expect((await fresh.conversations.getMessage('m2'))!.status).toBe('interrupted');
  });

  const bad: Array<[string, string, RegExp]> = [
    ['not JSON', '{"format": "tabwise-export", ', /not a Tabwise export \(it is not valid JSON/],
    ["another app's JSON", '{"conversations": []}', /not a Tabwise export\.$/],
    [
      'a newer version',
      JSON.stringify({ format: 'tabwise-export', version: 99 }),
      /newer Tabwise \(format version 99\)/,
    ],
    ['a damaged message', '', /damaged at conversations\.0\.messages\.1\.status/],
    ['a settings value out of bounds', '', /damaged at settings\.maxSteps/],
    ['a provider with a huge name', '', /damaged at providers\.0\.name/],
    ['a provider on plain http to another host', '', /damaged at providers\.0\.baseUrl/],
    ['a provider of an unknown kind', '', /damaged at providers\.0\.kind/],
    ['a remembered-sites entry that is not a site', '', /damaged at remember\.deniedDomains\.0/],
    ['remember settings out of bounds', '', /damaged at remember\.dwellMs/],
    ['a version index past the last version', '', /damaged at conversations\.0\.messages\.1\.versionIndex/],
  ];
  const provider = {
    id: 'x',
    kind: 'openai-compatible',
    name: 'Elsewhere',
    baseUrl: 'https://llm.example/v1',
    model: 'm',
    hadKey: false,
  };
  const damaged: Record<string, (file: object) => object> = {
    'a provider with a huge name': (file) => ({ ...file, providers: [{ ...provider, name: 'n'.repeat(200_000) }] }),
    'a provider on plain http to another host': (file) => ({
      ...file,
      providers: [{ ...provider, baseUrl: 'http://evil.example/v1' }],
    }),
    'a provider of an unknown kind': (file) => ({ ...file, providers: [{ ...provider, kind: 'shell' }] }),
    'a remembered-sites entry that is not a site': (file) => ({
      ...file,
      remember: { enabled: true, deniedDomains: ['not a site'] },
    }),
    'remember settings out of bounds': (file) => ({ ...file, remember: { enabled: true, dwellMs: -1 } }),
    'a version index past the last version': (file) => {
      const f = structuredClone(file) as { conversations: { messages: object[] }[] };
      const messages = f.conversations[0]!.messages;
      messages[1] = { ...messages[1], otherVersions: [{ text: 'Earlier', status: 'complete' }], versionIndex: 2 };
      return f;
    },
  };
  for (const [what, given, message] of bad) {
    it(`refuses ${what} with a clear error and changes nothing`, async () => {
      const w = await filled();
      const file = await w.h['data.export']({});
      file.memories.push({ id: 'new', text: 'Would be new', tags: [], createdAt: 9 });
      let text = given;
      if (what === 'a damaged message')
        text = JSON.stringify(file).replace('"status":"complete","createdAt":3', '"status":"exploded","createdAt":3');
      if (what === 'a settings value out of bounds') text = JSON.stringify({ ...file, settings: { maxSteps: 5000 } });
      if (damaged[what]) text = JSON.stringify(damaged[what](file));
      const everything = async () =>
        JSON.stringify([
          await w.conversations.listConversations(),
          await w.memory.list(),
          await w.settings.get(),
          await w.providers.list(),
          await w.remember.get(),
        ]);
      const before = await everything();
      await expect(w.h['data.import']({ text })).rejects.toThrow(message);
      await expect(w.h['data.import']({ text })).rejects.toThrow(/^Nothing was imported/);
      expect(await everything()).toBe(before);
    });
  }

  it('drops fields the format does not name, so a crafted file cannot plant a key, in settings or on a provider', async () => {
    const w = await world({ defaultProviderId: 'p1' });
    const file = {
      format: 'tabwise-export',
      version: 1,
      exportedAt: 1,
      conversations: [],
      memories: [],
      skills: [],
      settings: { maxSteps: 3, apiKey: 'sk-planted', providers: [{ id: 'x' }] },
      providers: [
        {
          id: 'x',
          kind: 'openai-compatible',
          name: 'Gift',
          baseUrl: 'https://llm.example/v1',
          model: 'm',
          apiKey: 'sk-planted',
          keyLast4: 'nted',
          hasKey: true,
        },
      ],
    };
    expect(await w.h['data.import']({ text: JSON.stringify(file) })).toMatchObject({
      providers: 1,
      providersNeedingKey: [],
    });
    expect(await w.settings.get()).toEqual({ defaultProviderId: 'p1', maxSteps: 3, userSkills: [] });
    const gift = (await w.providers.list()).find((p) => p.name === 'Gift')!;
    expect(gift).toMatchObject({ hasKey: false, baseUrl: 'https://llm.example/v1' });
    expect(gift).not.toHaveProperty('keyLast4');
    expect(w.providers.keys.has(gift.id)).toBe(false);
  });
});

describe('providers and "Remember what I read" in the file', () => {
  it("exports every provider's configuration and whether it had a key, never the key or its last four characters", async () => {
    const w = await world(
      { defaultProviderId: 'p1' },
      2,
      createFakeRemember({ enabled: true, deniedDomains: ['bank.example'] }),
    );
    const file = await w.h['data.export']({});
    expect(file.providers).toEqual([
      { id: 'p1', kind: 'openai', name: 'Provider 1', baseUrl: '', model: 'gpt-test', hadKey: true },
      { id: 'p2', kind: 'openai', name: 'Provider 2', baseUrl: '', model: 'gpt-test', hadKey: true },
    ]);
    expect(file.remember).toEqual({ enabled: true, deniedDomains: ['bank.example'] });
    const text = JSON.stringify(file);
    expect(text).not.toContain('sk-secret-key');
    expect(text).not.toMatch(/key-1|key-2|keyLast4|apiKey/);
  });

  it('a provider imported back has no key and is named as needing one; "Remember what I read" comes back as it was', async () => {
    const from = await world(
      { defaultProviderId: 'p2' },
      2,
      createFakeRemember({ enabled: true, deniedDomains: ['bank.example'] }),
    );
    await from.providers.save({
      kind: 'openai-compatible',
      name: 'Ollama',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2',
    });
    const text = JSON.stringify(await from.h['data.export']({}));
    const to = await world({}, 0);
    expect(await to.h['data.import']({ text })).toMatchObject({
      providers: 3,
      providersNeedingKey: ['Provider 1', 'Provider 2'],
      remember: true,
    });
    const here = await to.providers.list();
    expect(here.map((p) => [p.name, p.hasKey])).toEqual([
      ['Provider 1', false],
      ['Provider 2', false],
      ['Ollama', false],
    ]);
    expect((await to.settings.get()).defaultProviderId).toBe(here[1]!.id);
    expect(to.remember.current).toMatchObject({ enabled: true, deniedDomains: ['bank.example'] });
  });

  it('fallback models travel with their providers: each follows its provider here, one whose provider is absent is dropped', async () => {
    const from = await world({ defaultProviderId: 'p1' }, 2);
    await from.settings.update({
      fallbackModels: [
        { providerId: 'p2', modelId: 'backup' },
        { providerId: 'gone', modelId: 'x' },
      ],
    });
    const file = await from.h['data.export']({});
    expect(file.settings.fallbackModels).toEqual([
      { providerId: 'p2', modelId: 'backup' },
      { providerId: 'gone', modelId: 'x' },
    ]);
    const to = await world({}, 0);
    await to.h['data.import']({ text: JSON.stringify(file) });
    const provider2 = (await to.providers.list()).find((p) => p.name === 'Provider 2')!;
    expect((await to.settings.get()).fallbackModels).toEqual([{ providerId: provider2.id, modelId: 'backup' }]);
  });

  it("the file's default never moves someone's chats to a provider the file brought; one already here may be chosen", async () => {
    const gift = {
      id: 'g',
      kind: 'openai-compatible',
      name: 'Gift',
      baseUrl: 'https://llm.example/v1',
      model: 'm',
      hadKey: false,
    };
    const base = {
      format: 'tabwise-export',
      version: 1,
      exportedAt: 1,
      conversations: [],
      memories: [],
      skills: [],
      providers: [gift],
    };
    const w = await world({ defaultProviderId: 'p1' }, 2);
    await w.h['data.import']({ text: JSON.stringify({ ...base, settings: { defaultProviderId: 'g' } }) });
    expect((await w.settings.get()).defaultProviderId).toBe('p1');
    await w.h['data.import']({ text: JSON.stringify({ ...base, settings: { defaultProviderId: 'p2' } }) });
    expect((await w.settings.get()).defaultProviderId).toBe('p2');
    // Imported once only: the second file's Gift is the same provider.
    expect((await w.providers.list()).filter((p) => p.name === 'Gift')).toHaveLength(1);
  });

  it('a file that lists the same provider twice adds it once and names it once as needing its key', async () => {
    const twin = {
      kind: 'openai-compatible',
      name: 'Twin',
      baseUrl: 'https://llm.example/v1',
      model: 'm',
      hadKey: true,
    };
    const file = {
      format: 'tabwise-export',
      version: 1,
      exportedAt: 1,
      conversations: [],
      memories: [],
      skills: [],
      settings: { defaultProviderId: 'b' },
      providers: [
        { ...twin, id: 'a' },
        { ...twin, id: 'b' },
      ],
    };
    const w = await world({}, 0);
    expect(await w.h['data.import']({ text: JSON.stringify(file) })).toMatchObject({
      providers: 1,
      providersNeedingKey: ['Twin'],
    });
    const here = await w.providers.list();
    expect(here.map((p) => p.name)).toEqual(['Twin']);
    // Both of the file's ids map to it, so its default is the one provider.
    expect((await w.settings.get()).defaultProviderId).toBe(here[0]!.id);
  });

  it('a file from before providers and remember settings were exported still imports, and changes neither', async () => {
    const w = await world({ defaultProviderId: 'p1' }, 1, createFakeRemember({ enabled: true }));
    const old = {
      format: 'tabwise-export',
      version: 1,
      exportedAt: 1,
      conversations: [],
      memories: [],
      skills: [],
      settings: {},
    };
    expect(await w.h['data.import']({ text: JSON.stringify(old) })).toMatchObject({ providers: 0, remember: false });
    expect(await w.providers.list()).toHaveLength(1);
    expect(w.remember.current.enabled).toBe(true);
  });
});
