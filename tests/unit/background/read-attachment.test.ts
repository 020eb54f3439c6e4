/** attachments.read: a document is read once and its reading kept; an image is not read; a huge file is refused by name. */
import { describe, expect, it, vi } from 'vitest';
import type { DocumentReading } from '../../../lib/documents/read-document';
import { createAttachmentReader } from '../../../lib/background/read-attachment';
import type { AttachmentRecord, AttachmentStore } from '../../../lib/storage/attachment-store';

function fakeStore(record: Partial<AttachmentRecord> & { blob: Blob; name: string }) {
  const full: AttachmentRecord = { id: 'a1', mediaType: '', size: record.blob.size, createdAt: 1, ...record };
  const setRead = vi.fn(async () => undefined);
  return {
    store: { get: async (id: string) => (id === 'a1' ? full : undefined), setRead } as unknown as AttachmentStore,
    setRead,
  };
}

const reading = (over: Partial<DocumentReading>): DocumentReading => ({
  kind: 'pdf',
  title: '',
  text: 'x',
  notes: [],
  totalChars: 1,
  ...over,
});

describe('reading an attached file', () => {
  it('reads a PDF in the document reader and keeps its text and page count', async () => {
    const { store, setRead } = fakeStore({ blob: new Blob(['%PDF-1.7 ...']), name: 'q3.pdf' });
    const readDocument = vi.fn(async () => reading({ text: '--- Page 1 ---\nhi', pageCount: 3 }));
    const read = createAttachmentReader({ store, readAttached: readDocument, imageRefusal: async () => 'no' });
    expect(await read({ id: 'a1' })).toEqual({ id: 'a1', name: 'q3.pdf', size: 12, kind: 'pdf', pages: 3 });
    expect(readDocument).toHaveBeenCalledWith({ attachmentId: 'a1', name: 'q3.pdf', maxChars: 400_000 });
    expect(setRead).toHaveBeenCalledWith('a1', 'pdf', { text: '--- Page 1 ---\nhi', pages: 3, notes: [] });
  });

  it('hands a locked PDF’s password to the reader and keeps only the reading, never the password', async () => {
    const { store, setRead } = fakeStore({ blob: new Blob(['%PDF-1.7 ...']), name: 'locked.pdf' });
    const readDocument = vi.fn(async () => reading({ text: '--- Page 1 ---\nopened', pageCount: 1 }));
    const read = createAttachmentReader({ store, readAttached: readDocument, imageRefusal: async () => undefined });
    expect(await read({ id: 'a1', password: 'hunter2' })).toMatchObject({ kind: 'pdf', pages: 1 });
    expect(readDocument).toHaveBeenCalledWith({
      attachmentId: 'a1',
      name: 'locked.pdf',
      maxChars: 400_000,
      password: 'hunter2',
    });
    expect(JSON.stringify(setRead.mock.calls)).not.toContain('hunter2');
  });

  it('counts a sheet’s rows without its header, and says when the text was cut', async () => {
    const { store, setRead } = fakeStore({ blob: new Blob(['a,b\n1,2\n3,4\n']), name: 'list.csv' });
    const readDocument = vi.fn(async () =>
      reading({
        kind: 'csv',
        text: 'rows',
        truncated: true,
        totalChars: 9,
        sheets: [{ name: 'list.csv', totalRows: 3, rowsRead: 3 }],
      }),
    );
    const read = createAttachmentReader({ store, readAttached: readDocument, imageRefusal: async () => undefined });
    expect(await read({ id: 'a1' })).toMatchObject({ kind: 'csv', rows: 2 });
    expect(setRead).toHaveBeenCalledWith('a1', 'csv', {
      text: 'rows',
      rows: 2,
      notes: ['Only the first 4 of 9 characters are here.'],
    });
  });

  it('does not read an image (by its bytes, whatever its name), and says why it will not be sent', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { store } = fakeStore({ blob: new Blob([png]), name: 'notes.txt' });
    const readDocument = vi.fn();
    const imageRefusal = vi.fn(async () => 'Not sent: m does not take images.');
    const read = createAttachmentReader({ store, readAttached: readDocument, imageRefusal });
    expect(await read({ id: 'a1', conversationId: 'c1' })).toEqual({
      id: 'a1',
      name: 'notes.txt',
      size: 8,
      kind: 'png',
      notSent: 'Not sent: m does not take images.',
    });
    expect(readDocument).not.toHaveBeenCalled();
    expect(imageRefusal).toHaveBeenCalledWith('c1', undefined);
  });

  it('refuses a file over the limit by its name and the limit, without reading it; an unknown id is an error', async () => {
    const big = { size: 300_000_000, arrayBuffer: vi.fn() } as unknown as Blob;
    const { store } = fakeStore({ blob: big, name: 'huge.pdf', size: 300_000_000 });
    const readDocument = vi.fn();
    const read = createAttachmentReader({ store, readAttached: readDocument, imageRefusal: async () => undefined });
    await expect(read({ id: 'a1' })).rejects.toThrow(
      'Could not attach huge.pdf: it is 300 MB, and files of at most 50 MB can be attached.',
    );
    expect(readDocument).not.toHaveBeenCalled();
    await expect(read({ id: 'nope' })).rejects.toThrow('no longer here');
  });
});
