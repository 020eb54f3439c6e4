import { describe, expect, it } from 'vitest';
import { openTabwiseDb } from '../../../lib/storage/db';
import { createWebSearchStore } from '../../../lib/tools/web/web-search-store';

const freshDb = () => openTabwiseDb(`tabwise-web-search-${crypto.randomUUID()}`);

describe('the web search backend store', () => {
  it('keeps the key encrypted at rest and out of the view; an empty key keeps the saved one', async () => {
    const db = await freshDb();
    const store = createWebSearchStore(db);
    expect(await store.view()).toEqual({ backend: 'none', hasKey: false });
    expect(await store.target()).toBeUndefined();

    expect(await store.save({ backend: 'brave', apiKey: ' BSA-secret-123 ' })).toEqual({
      backend: 'brave',
      hasKey: true,
    });
    const raw = await db.get('settings', 'webSearch');
    expect(JSON.stringify(raw)).not.toContain('BSA-secret-123');
    expect((raw as { apiKey: { data: ArrayBuffer } }).apiKey.data).toBeInstanceOf(ArrayBuffer);
    expect(await store.target()).toEqual({
      backend: 'brave',
      baseUrl: 'https://api.search.brave.com',
      apiKey: 'BSA-secret-123',
    });

    // Another path on the same host keeps it.
    await store.save({ backend: 'brave', url: 'https://api.search.brave.com/v2', apiKey: '' });
    expect(await store.target()).toEqual({
      backend: 'brave',
      baseUrl: 'https://api.search.brave.com/v2',
      apiKey: 'BSA-secret-123',
    });
    db.close();
  });

  it('never lets a saved key follow the API address to another host: saving or testing there asks for the key again', async () => {
    const db = await freshDb();
    const store = createWebSearchStore(db);
    await store.save({ backend: 'brave', apiKey: 'BSA-secret-123' });
    const hostChanged = "The API address's host changed: paste the key again. A saved key is never sent to a new host.";
    await expect(store.save({ backend: 'brave', url: 'https://collector.example/proxy' })).rejects.toThrow(hostChanged);
    await expect(store.draftTarget({ backend: 'brave', url: 'https://collector.example/proxy' })).rejects.toThrow(
      hostChanged,
    );
    expect(await store.target()).toEqual({
      backend: 'brave',
      baseUrl: 'https://api.search.brave.com',
      apiKey: 'BSA-secret-123',
    });
    // With the key typed again, the new address is saved; going back to the official API without a key is refused too.
    await store.save({ backend: 'brave', url: 'http://127.0.0.1:9/proxy', apiKey: 'BSA-proxy' });
    expect(await store.target()).toEqual({
      backend: 'brave',
      baseUrl: 'http://127.0.0.1:9/proxy',
      apiKey: 'BSA-proxy',
    });
    await expect(store.save({ backend: 'brave', url: '' })).rejects.toThrow(hostChanged);
    db.close();
  });

  it('does not carry a key from one service to another, and needs what each backend needs', async () => {
    const db = await freshDb();
    const store = createWebSearchStore(db);
    await store.save({ backend: 'brave', apiKey: 'BSA-1' });
    await expect(store.save({ backend: 'tavily' })).rejects.toThrow('Paste your API key.');
    await expect(store.save({ backend: 'searxng', url: ' ' })).rejects.toThrow(
      'Give the address of your SearXNG instance.',
    );
    expect(await store.save({ backend: 'searxng', url: 'https://searx.example' })).toEqual({
      backend: 'searxng',
      url: 'https://searx.example',
      hasKey: false,
    });
    expect(await store.target()).toEqual({ backend: 'searxng', baseUrl: 'https://searx.example' });
    expect(await store.save({ backend: 'none' })).toEqual({ backend: 'none', hasKey: false });
    expect(await db.get('settings', 'webSearch')).toBeUndefined();
    db.close();
  });

  it('gives "Test connection" what a save would search with, saving nothing: the typed key, else the one saved for that service', async () => {
    const db = await freshDb();
    const store = createWebSearchStore(db);
    await expect(store.draftTarget({ backend: 'brave' })).rejects.toThrow('Paste your API key.');
    await store.save({ backend: 'brave', apiKey: 'BSA-saved' });
    const before = await db.get('settings', 'webSearch');
    expect(await store.draftTarget({ backend: 'brave', url: '' })).toEqual({
      backend: 'brave',
      baseUrl: 'https://api.search.brave.com',
      apiKey: 'BSA-saved',
    });
    expect(await store.draftTarget({ backend: 'brave', url: 'http://127.0.0.1:9', apiKey: ' BSA-typed ' })).toEqual({
      backend: 'brave',
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'BSA-typed',
    });
    // The Brave key is not Tavily's, and SearXNG takes none.
    await expect(store.draftTarget({ backend: 'tavily' })).rejects.toThrow('Paste your API key.');
    expect(await store.draftTarget({ backend: 'searxng', url: 'https://searx.example' })).toEqual({
      backend: 'searxng',
      baseUrl: 'https://searx.example',
    });
    await expect(store.draftTarget({ backend: 'searxng', url: ' ' })).rejects.toThrow(
      'Give the address of your SearXNG instance.',
    );
    expect(await db.get('settings', 'webSearch')).toEqual(before);
    expect(await store.view()).toEqual({ backend: 'brave', hasKey: true });
    db.close();
  });
});
