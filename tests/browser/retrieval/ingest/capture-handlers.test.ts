import { describe, expect, it } from 'vitest';
import { createIngestService } from '../../../../lib/retrieval/ingest/ingest-service';
import type { OffscreenClient } from '../../../../lib/retrieval/ingest/offscreen-client';

/** An engine that only answers deletes: these tests look at what the capture handlers decide, not at indexing. */
const idle: OffscreenClient = {
  send: (name) => (name === 'delete' ? Promise.resolve({ chunks: 0, urls: [] }) : new Promise(() => {})) as never,
};

const page = (url: string) => ({
  url,
  title: 'T',
  lang: 'en',
  text: 'Some text about tide pools.',
  hash: '0123456789abcdef',
});
const top = (url: string, incognito = false) => ({
  sender: { frameId: 0, url, tab: { id: 1, url, incognito } as chrome.tabs.Tab },
});

describe('capture handlers', () => {
  it("decide on the tab's own URL: a page that claims another URL is refused, a sub-frame too", async () => {
    const service = createIngestService({ client: idle, now: () => 1 });
    await service.updateSettings({ enabled: true, paused: true });
    const { capture, config } = service.captureHandlers;
    expect(await config({}, top('https://a.example/x'))).toMatchObject({ enabled: false });
    await service.updateSettings({ paused: false });
    expect(await config({}, top('https://a.example/x'))).toMatchObject({ enabled: true });
    expect(await config({}, top('https://a.example/x', true))).toMatchObject({ enabled: false });
    // A capture sent from an incognito tab anyway (spanning mode would route one here) is refused.
    expect(await capture(page('https://a.example/x'), top('https://a.example/x', true))).toEqual({
      status: 'refused',
      reason: 'incognito',
    });

    expect(await capture(page('https://a.example/claimed'), top('https://a.example/x'))).toEqual({
      status: 'refused',
      reason: 'url-changed',
    });
    expect(await capture(page('https://bank.example/'), top('https://a.example/x'))).toEqual({
      status: 'refused',
      reason: 'url-changed',
    });
    // The frame URL is what the document loaded with; the tab's URL followed a pushState to another route.
    const moved = {
      sender: {
        frameId: 0,
        url: 'https://a.example/x',
        tab: { id: 1, url: 'https://a.example/private', incognito: false } as chrome.tabs.Tab,
      },
    };
    expect(await capture(page('https://a.example/x'), moved)).toEqual({ status: 'refused', reason: 'url-changed' });
    expect(
      await capture(page('https://a.example/x'), {
        sender: {
          frameId: 2,
          url: 'https://a.example/x',
          tab: { id: 1, url: 'https://a.example/x', incognito: false } as chrome.tabs.Tab,
        },
      }),
    ).toEqual({ status: 'refused', reason: 'wrong-frame' });
    expect(await capture(page('https://a.example/x#section'), top('https://a.example/x'))).toMatchObject({
      status: expect.stringMatching(/queued|replaced/),
    });
    await service.updateSettings({ enabled: false });
    expect(await capture(page('https://a.example/x'), top('https://a.example/x'))).toEqual({ status: 'off' });
    // The ingest database is shared with the other tests of this folder: leave its queue empty.
    await service.remove({ kind: 'all' });
  });

  it('stores a page under its address without the credentials it carries', async () => {
    const sent: Array<{ url: string }> = [];
    const client: OffscreenClient = {
      send: ((name: string, input: { pages?: Array<{ url: string }> }) => {
        if (name === 'ingest') {
          sent.push(...(input.pages ?? []));
          return Promise.resolve({ indexed: [] });
        }
        if (name === 'evict') return Promise.resolve({ chunks: 0, urls: [] });
        if (name === 'delete') return Promise.resolve({ chunks: 0, urls: [] });
        return new Promise(() => {});
      }) as never,
    };
    const service = createIngestService({ client, now: () => 1 });
    await service.updateSettings({ enabled: true, paused: false });
    const url = 'https://app.example/reports?apiKey=opaqueValue42&view=list';
    expect(await service.captureHandlers.capture(page(url), top(url))).toMatchObject({
      status: expect.stringMatching(/queued|replaced/),
    });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.url).not.toContain('opaqueValue42');
    expect(new URL(sent[0]!.url).searchParams.get('view')).toBe('list');
    // The ingest database and its settings are shared with the other tests of this folder: leave them as found.
    await service.updateSettings({ enabled: false });
    await service.remove({ kind: 'all' });
  });

  it('turning remembering off stops the queue: waiting captures are dropped, nothing more is indexed', async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const client: OffscreenClient = {
      send: (async (name: string) => {
        sent.push(name);
        if (name === 'ingest') await gate;
        return name === 'ingest' ? { indexed: [] } : { chunks: 0, urls: [] };
      }) as never,
    };
    const service = createIngestService({ client, now: () => 1 });
    await service.updateSettings({ enabled: true, paused: false });
    for (const n of [1, 2, 3, 4, 5, 6])
      await service.captureHandlers.capture(page(`https://a.example/p${n}`), top(`https://a.example/p${n}`));
    await expect.poll(() => sent.filter((n) => n === 'ingest').length).toBe(1);
    await service.updateSettings({ enabled: false });
    expect((await service.retry()).queueDepth).toBe(0);
    release();
    await service.drain();
    expect(sent.filter((n) => n === 'ingest')).toHaveLength(1);
    await service.remove({ kind: 'all' });
  });

  it('retention runs without a capture, and not at all for an empty index', async () => {
    const sent: Array<{ name: string; input: unknown }> = [];
    let expired: string[] = [];
    const client: OffscreenClient = {
      send: (async (name: string, input: unknown) => {
        sent.push({ name, input });
        if (name === 'ingest') return { indexed: [{ url: 'https://a.example/old', chunks: 1 }] };
        return name === 'evict' ? { chunks: expired.length, urls: expired } : { chunks: 0, urls: [] };
      }) as never,
    };
    const day = 86_400_000;
    const service = createIngestService({ client, now: () => 100 * day });
    await service.remove({ kind: 'all' });
    sent.length = 0;
    await service.updateSettings({ enabled: false, retentionDays: 30 });
    expect(await service.applyRetention()).toBe(0);
    expect(sent).toEqual([]);
    // One page indexed (the engine answers the ingest), then remembering is off again: old pages still expire.
    await service.updateSettings({ enabled: true });
    await service.captureHandlers.capture(page('https://a.example/old'), top('https://a.example/old'));
    await service.drain();
    await service.updateSettings({ enabled: false });
    sent.length = 0;
    expired = ['https://a.example/old'];
    expect(await service.applyRetention()).toBe(1);
    expect(sent).toEqual([{ name: 'evict', input: expect.objectContaining({ before: 70 * day }) }]);
    await service.updateSettings({ enabled: false, retentionDays: 90 });
    await service.remove({ kind: 'all' });
  });
});
