import { describe, expect, it } from 'vitest';
import { createIngestService } from '../../../../lib/retrieval/ingest/ingest-service';
import type { OffscreenClient } from '../../../../lib/retrieval/ingest/offscreen-client';
import type { CapturedPage } from '../../../../lib/retrieval/offscreen-protocol';

/** Records what reaches the engine; answers the rest. */
function recordingClient(sent: CapturedPage[]): OffscreenClient {
  return {
    send: ((name: string, input: { pages?: CapturedPage[] }) => {
      if (name === 'ingest') {
        sent.push(...(input.pages ?? []));
        return Promise.resolve({ indexed: [] });
      }
      return Promise.resolve({ chunks: 0, urls: [] });
    }) as never,
  };
}

const top = (url: string, incognito = false) => ({
  sender: { frameId: 0, url, tab: { id: 1, url, incognito } as chrome.tabs.Tab },
});

const READING =
  '--- Page 1 ---\nThe board met in March.\n\n--- Page 2 ---\nPaid with 4111 1111 1111 1111; revenue rose.';

describe('a PDF shown in a tab, offered to "Remember what I read"', () => {
  it('is read by the background only when the rules allow it, scrubbed, cut by page and queued as a PDF', async () => {
    const sent: CapturedPage[] = [];
    const read: string[] = [];
    const service = createIngestService({
      client: recordingClient(sent),
      now: () => 1,
      async readPdfAt(url) {
        read.push(url);
        if (url.includes('scan')) throw new Error('scan.pdf has no text');
        return { title: 'Quarterly report', text: READING };
      },
    });
    const { captureDocument } = service.captureHandlers;
    await service.updateSettings({ enabled: false });
    const pdf = 'https://files.example/q3/report.pdf';
    expect(await captureDocument({ url: pdf }, top(pdf))).toEqual({ status: 'off' });

    await service.updateSettings({ enabled: true, paused: false, deniedDomains: ['private.example'] });
    expect(await captureDocument({ url: pdf }, top(pdf, true))).toEqual({ status: 'refused', reason: 'incognito' });
    const denied = 'https://docs.private.example/salary.pdf';
    expect(await captureDocument({ url: denied }, top(denied))).toEqual({
      status: 'refused',
      reason: 'user-denylist',
    });
    const bank = 'https://www.chase.com/statements/may.pdf';
    expect(await captureDocument({ url: bank }, top(bank))).toEqual({
      status: 'refused',
      reason: 'default-denylist',
    });
    // The URL read is the sender's own, never one the page claims.
    expect(await captureDocument({ url: 'https://files.example/other.pdf' }, top(pdf))).toEqual({
      status: 'refused',
      reason: 'url-changed',
    });
    // Nothing refused was fetched.
    expect(read).toEqual([]);

    const scan = 'https://files.example/scan.pdf';
    expect(await captureDocument({ url: scan }, top(scan))).toEqual({ status: 'refused', reason: 'unreadable' });

    const withToken = `${pdf}?sig=opaqueValue42`;
    expect(await captureDocument({ url: withToken }, top(withToken))).toMatchObject({
      status: expect.stringMatching(/queued|replaced/),
    });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ kind: 'pdf', title: 'Quarterly report' });
    expect(sent[0]!.url).not.toContain('opaqueValue42');
    expect(sent[0]!.text).toBe('# Page 1\nThe board met in March.\n\n# Page 2\nPaid with [redacted]; revenue rose.');
    // The same file again: unchanged, not queued twice.
    expect(await captureDocument({ url: withToken }, top(withToken))).toEqual({ status: 'unchanged' });

    // The ingest database and its settings are shared with the other tests of this folder: leave them as found.
    await service.updateSettings({ enabled: false, paused: false, deniedDomains: [] });
    await service.remove({ kind: 'all' });
  });
});
