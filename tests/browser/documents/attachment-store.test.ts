import { describe, expect, it } from 'vitest';
import { openAttachmentStore, UNSENT_ATTACHMENT_TTL_MS } from '../../../lib/storage/attachment-store';
import { openDocumentTransfers } from '../../../lib/storage/document-blobs';

describe('the attachments store (real IndexedDB)', () => {
  it('keeps a file, its reading, and the message it was sent with; deletes it with its conversation', async () => {
    const name = `attachments-${crypto.randomUUID()}`;
    const store = openAttachmentStore(name);
    const a = await store.add({ blob: new Blob(['a,b\n1,2\n']), name: 'list.csv', mediaType: 'text/csv' });
    const b = await store.add({ blob: new Blob(['%PDF-']), name: 'q3.pdf', mediaType: 'application/pdf' });
    await store.setRead(a, 'csv', { text: '| a | b |', rows: 1, notes: [] });
    expect(await store.get(a)).toMatchObject({ name: 'list.csv', size: 8, kind: 'csv', reading: { rows: 1 } });
    expect(await (await store.get(a))!.blob.text()).toBe('a,b\n1,2\n');
    expect((await store.assign([a, 'missing'], 'c1', 'm1')).map((r) => r.id)).toEqual([a]);
    // Sent with m1: a second message cannot take it.
    expect(await store.assign([a], 'c2', 'm2')).toEqual([]);
    await store.assign([b], 'c2', 'm3');
    expect((await store.listByConversation('c1')).map((r) => r.id)).toEqual([a]);
    await store.deleteConversation('c1');
    expect(await store.get(a)).toBeUndefined();
    expect(await store.get(b)).toBeDefined();
    await store.clear();
    expect(await store.get(b)).toBeUndefined();
  });

  it('sweeps a file never sent once it is a day old, keeps sent ones, and shares its database with the transfers', async () => {
    const name = `attachments-${crypto.randomUUID()}`;
    let now = 1_000_000;
    const store = openAttachmentStore(name, () => now);
    const unsent = await store.add({ blob: new Blob(['x']), name: 'a.txt', mediaType: 'text/plain' });
    const sent = await store.add({ blob: new Blob(['y']), name: 'b.txt', mediaType: 'text/plain' });
    await store.assign([sent], 'c1', 'm1');
    now += UNSENT_ATTACHMENT_TTL_MS + 1;
    await store.add({ blob: new Blob(['z']), name: 'c.txt', mediaType: 'text/plain' });
    expect(await store.get(unsent)).toBeUndefined();
    expect(await store.get(sent)).toBeDefined();
    const transfers = openDocumentTransfers(name);
    const id = await transfers.put({ bytes: new Uint8Array([1]), name: 'x', mediaType: '' });
    expect(await transfers.take(id)).toBeDefined();
  });
});
