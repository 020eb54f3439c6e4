/** Export everything → import: the file's format, what it never holds, and a merge that duplicates nothing. */
import { describe, expect, it } from 'vitest';
import { createDataTransferHandlers } from '../../../../lib/background/handlers/data-transfer-handlers';
import { EXPORT_VERSION } from '../../../../lib/background/data-transfer/export-file-schema';
import { createInMemoryMemoryStore } from '../../../../lib/tools/memory-store';
import type { Settings } from '../../../../lib/storage/settings-store';
import { createMemoryConversationStore } from '../memory-conversation-store';
import { createFakeSettingsStore } from './fakes';

const skill = { name: 'tide-tables', description: 'When the user asks about tides', body: 'Quote high and low tide.' };

async function world(settings: Settings = {}, providerIds = ['p1']) {
  const conversations = createMemoryConversationStore();
  const memory = createInMemoryMemoryStore();
  const store = createFakeSettingsStore(settings);
  const h = createDataTransferHandlers({ conversations, memory, settings: store, providerIds: async () => providerIds, now: () => 42 });
  return { conversations, memory, settings: store, h };
}

async function filled() {
  // A settings record that also carries things that must never leave: a key-like field and an encrypted blob.
  const w = await world({ defaultProviderId: 'p1', maxSteps: 7, customInstructions: 'Be brief.', userSkills: [skill], apiKey: 'sk-secret-1234', encrypted: { iv: [1], data: [2] } } as Settings);
  await w.conversations.createConversation({ id: 'c1', title: 'Trip to Lyon', createdAt: 1, updatedAt: 3 });
  await w.conversations.putMessage({ id: 'm1', conversationId: 'c1', role: 'user', text: 'Trains to Lyon?', status: 'complete', createdAt: 2 });
  await w.conversations.putMessage({
    id: 'm2', conversationId: 'c1', role: 'assistant', text: 'The 9:04.', status: 'complete', createdAt: 3, model: 'Fake · m',
    usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0, cacheWriteTokens: 0 },
    parts: [{ kind: 'text', text: 'The 9:04.' }, { kind: 'tool', toolCallId: 't', toolName: 'list_tabs', status: 'done', output: '[]' }],
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
    expect(file.memories).toEqual([{ id: 'mem1', text: 'Lives in Lyon', tags: ['home'], createdAt: 5, url: 'https://example.com/' }]);
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
    const w = await world({}, []);
    expect(await w.h['data.import']({ text: file })).toEqual({ conversations: 1, messages: 2, memories: 1, skills: 1 });
    expect((await w.conversations.listConversations()).map((c) => c.title)).toEqual(['Trip to Lyon']);
    expect((await w.conversations.listMessages('c1')).map((m) => m.text)).toEqual(['Trains to Lyon?', 'The 9:04.']);
    expect((await w.memory.list()).map((m) => m.text)).toEqual(['Lives in Lyon']);
    expect(await w.settings.get()).toEqual({ maxSteps: 7, customInstructions: 'Be brief.', userSkills: [skill] });
  });

  it('importing the same file twice duplicates nothing; a memory with the same text is not added again', async () => {
    const w = await filled();
    const file = JSON.stringify(await w.h['data.export']({}));
    await w.memory.save({ id: 'other', text: 'Likes tea', tags: [], createdAt: 6 });
    const parsed = JSON.parse(file) as { memories: { id: string }[] };
    parsed.memories[0]!.id = 'renamed-but-same-text';
    expect(await w.h['data.import']({ text: JSON.stringify(parsed) })).toEqual({ conversations: 0, messages: 0, memories: 0, skills: 1 });
    expect(await w.h['data.import']({ text: file })).toMatchObject({ conversations: 0, messages: 0, memories: 0 });
    expect(await w.conversations.listConversations()).toHaveLength(1);
    expect(await w.conversations.listMessages('c1')).toHaveLength(2);
    expect(await w.memory.list()).toHaveLength(2);
    expect((await w.settings.get()).userSkills).toEqual([skill]);
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
    ['another app\'s JSON', '{"conversations": []}', /not a Tabwise export\.$/],
    ['a newer version', JSON.stringify({ format: 'tabwise-export', version: 99 }), /newer Tabwise \(format version 99\)/],
    ['a damaged message', '', /damaged at conversations\.0\.messages\.1\.status/],
    ['a settings value out of bounds', '', /damaged at settings\.maxSteps/],
  ];
  for (const [what, given, message] of bad) {
    it(`refuses ${what} with a clear error and changes nothing`, async () => {
      const w = await filled();
      const file = await w.h['data.export']({});
      file.memories.push({ id: 'new', text: 'Would be new', tags: [], createdAt: 9 });
      let text = given;
      if (what === 'a damaged message') text = JSON.stringify(file).replace('"status":"complete","createdAt":3', '"status":"exploded","createdAt":3');
      if (what === 'a settings value out of bounds') text = JSON.stringify({ ...file, settings: { maxSteps: 5000 } });
      const before = JSON.stringify([await w.conversations.listConversations(), await w.memory.list(), await w.settings.get()]);
      await expect(w.h['data.import']({ text })).rejects.toThrow(message);
      await expect(w.h['data.import']({ text })).rejects.toThrow(/^Nothing was imported/);
      expect(JSON.stringify([await w.conversations.listConversations(), await w.memory.list(), await w.settings.get()])).toBe(before);
    });
  }

  it('drops fields the format does not name, so a crafted file cannot plant a key or a provider', async () => {
    const w = await world();
    const file = { format: 'tabwise-export', version: 1, exportedAt: 1, conversations: [], memories: [], skills: [], settings: { maxSteps: 3, apiKey: 'sk-planted', providers: [{ id: 'x' }] } };
    await w.h['data.import']({ text: JSON.stringify(file) });
    expect(await w.settings.get()).toEqual({ maxSteps: 3, userSkills: [] });
  });
});
