import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { DB_VERSION, openTabwiseDb } from '../../../lib/storage/db';
import { createConversationStore } from '../../../lib/storage/conversation-store';
import { createProviderStore } from '../../../lib/providers/provider-store';
import { createSettingsStore } from '../../../lib/storage/settings-store';
import { decryptSecret, encryptSecret } from '../../../lib/storage/secrets';

const freshDb = () => openTabwiseDb(`test-${crypto.randomUUID()}`);
let n = 0;
const deps = { now: () => ++n, generateId: () => `p${++n}` };

describe('IndexedDB schema', () => {
  it('migrates a new database to the latest version with every store', async () => {
    const db = await freshDb();
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['conversations', 'keys', 'messages', 'providers', 'settings']);
  });
});

describe('secrets', () => {
  it('encrypts with AES-GCM under a key that cannot be exported', async () => {
    const db = await freshDb();
    const secret = await encryptSecret(db, 'sk-live-abcdef');
    expect(new TextDecoder().decode(secret.data)).not.toContain('sk-live');
    expect(await decryptSecret(db, secret)).toBe('sk-live-abcdef');
    const key = (await db.get('keys', 'api-keys-v1'))!;
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    // Each encryption uses a fresh IV.
    const again = await encryptSecret(db, 'sk-live-abcdef');
    expect(Array.from(again.iv)).not.toEqual(Array.from(secret.iv));
  });

  it('refuses tampered ciphertext', async () => {
    const db = await freshDb();
    const secret = await encryptSecret(db, 'hello');
    const bytes = new Uint8Array(secret.data.slice(0));
    bytes[0]! ^= 1;
    await expect(decryptSecret(db, { iv: secret.iv, data: bytes.buffer })).rejects.toThrow();
  });
});

describe('provider store', () => {
  it('keeps the key encrypted, shows only the last 4, and keeps it on edit unless replaced or removed', async () => {
    const db = await freshDb();
    const store = createProviderStore(db, deps);
    const saved = await store.save({
      kind: 'openai',
      name: 'OpenAI',
      baseUrl: '',
      model: 'gpt',
      apiKey: 'sk-1234567890',
    });
    expect(saved).toMatchObject({ keyLast4: '7890', hasKey: true });
    expect(JSON.stringify(saved)).not.toContain('sk-1234567890');
    expect(JSON.stringify(await store.list())).not.toContain('1234567890');
    expect(await store.getApiKey(saved.id)).toBe('sk-1234567890');

    await store.save({ id: saved.id, kind: 'openai', name: 'Renamed', baseUrl: '', model: 'gpt-2' });
    expect(await store.getApiKey(saved.id)).toBe('sk-1234567890');
    expect((await store.get(saved.id))!.name).toBe('Renamed');

    await store.save({
      id: saved.id,
      kind: 'openai',
      name: 'Renamed',
      baseUrl: '',
      model: 'gpt-2',
      apiKey: 'new-key-0000',
    });
    expect(await store.getApiKey(saved.id)).toBe('new-key-0000');
    await store.save({ id: saved.id, kind: 'openai', name: 'Renamed', baseUrl: '', model: 'gpt-2', apiKey: '' });
    expect(await store.getApiKey(saved.id)).toBeUndefined();
    expect((await store.get(saved.id))!.hasKey).toBe(false);

    await expect(store.save({ id: 'nope', kind: 'openai', name: 'x', baseUrl: '', model: 'm' })).rejects.toThrow(
      /does not exist/,
    );
  });

  it("keeps the prices the user set for a custom server's models; an edit without them clears them", async () => {
    const db = await freshDb();
    const store = createProviderStore(db, deps);
    const config = { kind: 'openai-compatible' as const, name: 'Local', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' };
    const saved = await store.save({ ...config, prices: { m: { input: 0.25, output: 1 } } });
    expect((await store.get(saved.id))!.prices).toEqual({ m: { input: 0.25, output: 1 } });
    await store.save({ ...config, id: saved.id, prices: {} });
    expect((await store.get(saved.id))!.prices).toBeUndefined();
  });

  it('lists providers saved in the same millisecond in the order they were added, whatever their ids', async () => {
    const db = await freshDb();
    // A frozen clock (an import saves several at once) and ids that sort the other way round.
    const ids = ['z', 'y', 'x'];
    const store = createProviderStore(db, { now: () => 1000, generateId: () => ids.shift()! });
    for (const name of ['First', 'Second', 'Third'])
      await store.save({ kind: 'openai-compatible', name, baseUrl: 'http://127.0.0.1:1/v1', model: 'm' });
    expect((await store.list()).map((p) => p.name)).toEqual(['First', 'Second', 'Third']);
    // An edit keeps its place.
    const first = (await store.list())[0]!;
    await store.save({
      id: first.id,
      kind: 'openai-compatible',
      name: 'First, renamed',
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
    });
    expect((await store.list()).map((p) => p.name)).toEqual(['First, renamed', 'Second', 'Third']);
  });
});

describe('conversation store', () => {
  it('reads an answer an older version stored with a class name for a code: it loads, with a code of the union', async () => {
    const db = await freshDb();
    await createConversationStore(db).createConversation({ id: 'c', title: 'C', createdAt: 1, updatedAt: 1 });
    // Written straight to the store, as an older version left it: no current code path writes a class name.
    await db.put('messages', {
      id: 'old',
      conversationId: 'c',
      role: 'assistant',
      text: '',
      status: 'error',
      createdAt: 5,
      error: { code: 'RetrievalError' as 'internal', message: 'The index is damaged' },
      otherVersions: [
        { text: '', status: 'error', error: { code: 'ProviderError' as 'internal', message: 'Slow', status: 429 } },
      ],
    });
    const store = createConversationStore(db);
    const [listed] = await store.listMessages('c');
    expect(listed?.error).toEqual({ code: 'internal', message: 'The index is damaged' });
    expect(listed?.otherVersions?.[0]?.error).toEqual({ code: 'internal', message: 'Slow', status: 429 });
    expect((await store.getMessage('old'))?.error).toEqual({ code: 'internal', message: 'The index is damaged' });
  });

  it('orders messages by creation, lists conversations by recency, and deletes a conversation with its messages', async () => {
    const db = await freshDb();
    const store = createConversationStore(db);
    await store.createConversation({ id: 'a', title: 'A', createdAt: 1, updatedAt: 1 });
    await store.createConversation({ id: 'b', title: 'B', createdAt: 2, updatedAt: 2 });
    await store.putMessage({
      id: 'm2',
      conversationId: 'a',
      role: 'assistant',
      text: 'two',
      status: 'complete',
      createdAt: 20,
    });
    await store.putMessage({
      id: 'm1',
      conversationId: 'a',
      role: 'user',
      text: 'one',
      status: 'complete',
      createdAt: 10,
    });
    await store.putMessage({
      id: 'm3',
      conversationId: 'b',
      role: 'user',
      text: 'other',
      status: 'streaming',
      createdAt: 5,
    });
    expect((await store.listMessages('a')).map((m) => m.text)).toEqual(['one', 'two']);
    expect((await store.listConversations()).map((c) => c.id)).toEqual(['a', 'b']);
    expect((await store.listStreamingMessages()).map((m) => m.id)).toEqual(['m3']);
    await expect(
      store.putMessage({ id: 'x', conversationId: 'ghost', role: 'user', text: '', status: 'complete', createdAt: 1 }),
    ).rejects.toThrow();
    await store.deleteConversation('a');
    expect(await store.getConversation('a')).toBeUndefined();
    expect(await store.listMessages('a')).toEqual([]);
    expect((await store.listMessages('b')).map((m) => m.id)).toEqual(['m3']);
  });

  it('keeps data written by an older schema version', async () => {
    const name = `test-${crypto.randomUUID()}`;
    // Version 1 as released: write a conversation with the raw API, then open through the current code.
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('conversations', { keyPath: 'id' }).createIndex('byUpdatedAt', 'updatedAt');
        db.createObjectStore('messages', { keyPath: 'id' }).createIndex('byConversation', [
          'conversationId',
          'createdAt',
        ]);
        db.createObjectStore('providers', { keyPath: 'id' });
        db.createObjectStore('settings');
        db.createObjectStore('keys');
      },
    });
    await v1.put('conversations', { id: 'old', title: 'Old', createdAt: 1, updatedAt: 1 });
    v1.close();
    const db = await openTabwiseDb(name);
    expect((await createConversationStore(db).getConversation('old'))?.title).toBe('Old');
  });
});

describe('settings store', () => {
  it('merges patches', async () => {
    const settings = createSettingsStore(await freshDb());
    expect(await settings.get()).toEqual({});
    await settings.update({ defaultProviderId: 'p1' });
    expect(await settings.get()).toEqual({ defaultProviderId: 'p1' });
  });

  it('answers from memory after the first read: a copy per caller, and every update seen at once', async () => {
    const db = await freshDb();
    const settings = createSettingsStore(db);
    await settings.update({ customInstructions: 'first' });
    const read = await settings.get();
    read.customInstructions = 'changed by a caller';
    expect((await settings.get()).customInstructions).toBe('first');
    // Served from memory: a write that did not come through the store is not read again (the worker is the only writer).
    await db.put('settings', { customInstructions: 'behind its back' }, 'settings');
    expect((await settings.get()).customInstructions).toBe('first');
    await settings.update({ customInstructions: 'second' });
    expect(await settings.get()).toMatchObject({ customInstructions: 'second' });
    expect(await createSettingsStore(db).get()).toMatchObject({ customInstructions: 'second' });
  });
});

describe('provider store, read once', () => {
  it('serves providers and keys from memory until it saves or deletes', async () => {
    const db = await freshDb();
    const store = createProviderStore(db, deps);
    const a = await store.save({ kind: 'openai', name: 'A', baseUrl: '', model: 'm', apiKey: 'sk-one-1111' });
    expect(await store.getApiKey(a.id)).toBe('sk-one-1111');
    await store.save({ id: a.id, kind: 'openai', name: 'A2', baseUrl: '', model: 'm', apiKey: 'sk-two-2222' });
    expect(await store.getApiKey(a.id)).toBe('sk-two-2222');
    expect((await store.get(a.id))?.name).toBe('A2');
    const b = await store.save({ kind: 'anthropic', name: 'B', baseUrl: '', model: 'c' });
    expect((await store.list()).map((p) => p.name)).toEqual(['A2', 'B']);
    await store.delete(a.id);
    expect(await store.get(a.id)).toBeUndefined();
    expect(await store.getApiKey(a.id)).toBeUndefined();
    expect((await store.list()).map((p) => p.id)).toEqual([b.id]);
  });
});
