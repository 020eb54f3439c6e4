import { afterAll, describe, expect, it } from 'vitest';
import { createIngestService } from '../../../../lib/retrieval/ingest/ingest-service';
import type { OffscreenClient } from '../../../../lib/retrieval/ingest/offscreen-client';

type Sent = { url: string; text: string; kind?: string };

function recordingClient(sent: Sent[]): OffscreenClient {
  return {
    send: ((name: string, input: { pages?: Sent[] }) => {
      if (name === 'ingest') {
        sent.push(...(input.pages ?? []));
        return Promise.resolve({ indexed: [] });
      }
      return Promise.resolve({ chunks: 0, urls: [] });
    }) as never,
  };
}

const url = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/viewer.html?path=notes%2Fplan.md';
const doc = (text: string, at = url) => ({ url: at, title: 'plan.md', text, pdf: false });

describe('folder documents offered to the index', () => {
  // The ingest database is the one the other browser tests open: leave its settings as a fresh install has them.
  afterAll(async () => {
    await createIngestService({ client: recordingClient([]) }).updateSettings({
      enabled: false,
      paused: false,
      indexDocuments: false,
      deniedPatterns: [],
    });
  });

  it('go in only with remembering and the documents switch on, not paused, not denied, scrubbed, as kind folder', async () => {
    const sent: Sent[] = [];
    const service = createIngestService({ client: recordingClient(sent), now: () => 5 });
    await service.updateSettings({ enabled: true, indexDocuments: false });
    expect(await service.rememberFolderDocument(doc('The plan.'))).toEqual({ status: 'off' });
    await service.updateSettings({ enabled: false, indexDocuments: true });
    expect(await service.rememberFolderDocument(doc('The plan.'))).toEqual({ status: 'off' });
    await service.updateSettings({ enabled: true, paused: true });
    expect(await service.rememberFolderDocument(doc('The plan.'))).toMatchObject({ status: 'refused' });
    await service.updateSettings({ paused: false, deniedPatterns: ['*path=private*'] });
    expect(
      await service.rememberFolderDocument(doc('Diary.', url.replace('notes%2Fplan.md', 'private%2Fdiary.md'))),
    ).toEqual({ status: 'refused', reason: 'user-denylist' });

    expect(await service.rememberFolderDocument(doc('Card 4111 1111 1111 1111 in the plan.'))).toMatchObject({
      status: expect.stringMatching(/queued|replaced/),
    });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ url, kind: 'folder' });
    expect(sent[0]!.text).not.toContain('4111 1111 1111 1111');
    expect(await service.isIndexed(url)).toBe(true);
    // The same text again is not indexed again.
    expect(await service.rememberFolderDocument(doc('Card 4111 1111 1111 1111 in the plan.'))).toEqual({
      status: 'unchanged',
    });
    await service.remove({ kind: 'page', url });
    expect(await service.isIndexed(url)).toBe(false);
  });

  it('a kept attachment goes in with remembering on, the documents switch off, as kind attachment; not paused or off', async () => {
    const sent: Sent[] = [];
    const service = createIngestService({ client: recordingClient(sent), now: () => 7 });
    const kept = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/viewer.html?attachment=a1';
    const file = { url: kept, title: 'q3.pdf', text: '--- Page 1 ---\nRevenue rose.', pdf: true };
    await service.updateSettings({ enabled: false, paused: false, indexDocuments: false, deniedPatterns: [] });
    expect(await service.rememberAttachment(file)).toEqual({ status: 'off' });
    await service.updateSettings({ enabled: true, paused: true });
    expect(await service.rememberAttachment(file)).toMatchObject({ status: 'refused', reason: 'paused' });
    await service.updateSettings({ paused: false });
    expect(await service.rememberAttachment(file)).toMatchObject({ status: expect.stringMatching(/queued|replaced/) });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ url: kept, kind: 'attachment', title: 'q3.pdf' });
    // A PDF's text is one section per page, as a folder PDF's is.
    expect(sent[0]!.text).toContain('Page 1');
    await service.remove({ kind: 'page', url: kept });
    expect(await service.isIndexed(kept)).toBe(false);
  });
});
