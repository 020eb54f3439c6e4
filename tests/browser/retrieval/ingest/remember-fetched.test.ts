import { describe, expect, it } from 'vitest';
import { createIngestService } from '../../../../lib/retrieval/ingest/ingest-service';
import type { OffscreenClient } from '../../../../lib/retrieval/ingest/offscreen-client';

/** Records what reaches the engine; answers the rest. */
function recordingClient(sent: Array<{ url: string; text: string; kind?: string }>): OffscreenClient {
  return {
    send: ((name: string, input: { pages?: Array<{ url: string; text: string; kind?: string }> }) => {
      if (name === 'ingest') {
        sent.push(...(input.pages ?? []));
        return Promise.resolve({ indexed: [] });
      }
      return Promise.resolve({ chunks: 0, urls: [] });
    }) as never,
  };
}

const fetched = (url: string, text = 'The lighthouse was first lit in 1887.') => ({
  url,
  title: 'Cape Fetch',
  lang: 'en',
  text,
});

describe('pages fetch_url read, offered to "Remember what I read"', () => {
  it('are indexed only while remembering is on, never from incognito, never from the denylist, scrubbed like captures', async () => {
    const sent: Array<{ url: string; text: string; kind?: string }> = [];
    const service = createIngestService({ client: recordingClient(sent), now: () => 1 });
    await service.updateSettings({ enabled: false });
    expect(await service.rememberFetched(fetched('https://docs.example/a'), { incognito: false })).toEqual({
      status: 'off',
    });

    await service.updateSettings({ enabled: true, paused: false, deniedDomains: ['private.example'] });
    expect(await service.rememberFetched(fetched('https://docs.example/a'), { incognito: true })).toEqual({
      status: 'refused',
      reason: 'incognito',
    });
    expect(await service.rememberFetched(fetched('https://mail.google.com/inbox'), { incognito: false })).toEqual({
      status: 'refused',
      reason: 'default-denylist',
    });
    expect(await service.rememberFetched(fetched('https://wiki.private.example/p'), { incognito: false })).toEqual({
      status: 'refused',
      reason: 'user-denylist',
    });

    const card = 'Paid with 4111 1111 1111 1111 yesterday.';
    expect(
      await service.rememberFetched(fetched('https://docs.example/a?apiKey=opaqueValue42&view=list', card), {
        incognito: false,
      }),
    ).toMatchObject({ status: expect.stringMatching(/queued|replaced/) });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.url).not.toContain('opaqueValue42');
    expect(sent[0]!.text).not.toContain('4111 1111 1111 1111');

    // A PDF fetch_url read is kept one section per page, as a PDF (its citations open it at its page).
    const pdf = {
      ...fetched('https://docs.example/q3.pdf', '--- Page 1 ---\nIntro.\n\n--- Page 2 ---\nRevenue rose.'),
      pdf: true,
    };
    expect(await service.rememberFetched(pdf, { incognito: false })).toMatchObject({
      status: expect.stringMatching(/queued|replaced/),
    });
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toMatchObject({
      url: 'https://docs.example/q3.pdf',
      kind: 'pdf',
      text: '# Page 1\nIntro.\n\n# Page 2\nRevenue rose.',
    });
    expect(sent[0]!.kind).toBeUndefined();

    await service.updateSettings({ paused: true });
    expect(await service.rememberFetched(fetched('https://docs.example/b'), { incognito: false })).toEqual({
      status: 'refused',
      reason: 'paused',
    });
    // The ingest database and its settings are shared with the other tests of this folder: leave them as found.
    await service.updateSettings({ enabled: false, paused: false, deniedDomains: [] });
    await service.remove({ kind: 'all' });
  });
});
