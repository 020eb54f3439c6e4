import { describe, expect, it } from 'vitest';
import { openDocumentTransfers, TRANSFER_TTL_MS } from '../../../lib/storage/document-blobs';

describe('document transfers (real IndexedDB)', () => {
  it('hands bytes over once: take answers them and deletes them', async () => {
    const transfers = openDocumentTransfers(`transfers-${crypto.randomUUID()}`);
    const bytes = new Uint8Array([37, 80, 68, 70, 45, 0, 255]);
    const id = await transfers.put({ bytes, name: 'q3.pdf', mediaType: 'application/pdf' });
    const taken = await transfers.take(id);
    expect(taken).toMatchObject({ id, name: 'q3.pdf', mediaType: 'application/pdf' });
    expect(Array.from(taken!.bytes)).toEqual(Array.from(bytes));
    expect(await transfers.take(id)).toBeUndefined();
  });

  it('sweeps a transfer nobody took once it is older than the TTL, and clear empties the store', async () => {
    let now = 1_000_000;
    const transfers = openDocumentTransfers(`transfers-${crypto.randomUUID()}`, () => now);
    const old = await transfers.put({ bytes: new Uint8Array([1]), name: 'a.csv', mediaType: 'text/csv' });
    now += TRANSFER_TTL_MS + 1;
    const fresh = await transfers.put({ bytes: new Uint8Array([2]), name: 'b.csv', mediaType: 'text/csv' });
    expect(await transfers.take(old)).toBeUndefined();
    const kept = await transfers.put({ bytes: new Uint8Array([3]), name: 'c.csv', mediaType: 'text/csv' });
    await transfers.clear();
    expect(await transfers.take(fresh)).toBeUndefined();
    expect(await transfers.take(kept)).toBeUndefined();
  });
});
