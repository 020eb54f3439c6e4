/** "Keep" on a sent file's chip: into the index under the page rules, the chip's state on the message, and out again. */
import { describe, expect, it } from 'vitest';
import { createAttachmentKeeping, type KeptDocumentIndex } from '../../../lib/background/keep-attachment';
import type { CaptureReply } from '../../../lib/retrieval/capture-message';
import type { OwnDocumentInput } from '../../../lib/retrieval/ingest/ingest-service';
import type { AttachmentRecord } from '../../../lib/storage/attachment-store';
import type { MessageRecord } from '../../../lib/storage/records';

const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const ID = '0b7c6a1e-29f4-4c55-9a0e-5d1f7e2b8c31';
const viewerUrl = `${origin}/viewer.html?attachment=${ID}`;

function world(opts: { reply?: CaptureReply; record?: Partial<AttachmentRecord> } = {}) {
  const records = new Map<string, AttachmentRecord>([
    [
      ID,
      {
        id: ID,
        name: 'q3.pdf',
        kind: 'pdf',
        blob: new Blob(['x']),
        mediaType: 'application/pdf',
        size: 1234,
        createdAt: 1,
        conversationId: 'c1',
        messageId: 'm1',
        reading: { text: '--- Page 1 ---\nRevenue rose 12 % in the third quarter.', pages: 1, notes: [] },
        ...opts.record,
      },
    ],
  ]);
  const messages = new Map<string, MessageRecord>([
    [
      'm1',
      {
        id: 'm1',
        conversationId: 'c1',
        role: 'user',
        text: 'Summarise',
        createdAt: 5,
        status: 'complete',
        attachments: [
          { id: ID, name: 'q3.pdf', size: 1234, kind: 'pdf', pages: 1 },
          { id: 'other', name: 'b.csv', size: 9, kind: 'csv', rows: 2 },
        ],
      } as MessageRecord,
    ],
  ]);
  const remembered: OwnDocumentInput[] = [];
  const forgotten: string[] = [];
  const announced: MessageRecord[] = [];
  const index: KeptDocumentIndex = {
    async remember(doc) {
      remembered.push(doc);
      return opts.reply ?? { status: 'queued' };
    },
    async forget(urls) {
      forgotten.push(...urls);
    },
  };
  const keeping = createAttachmentKeeping({
    store: {
      get: async (id) => records.get(id),
      async setKept(id, kept) {
        const r = records.get(id);
        if (!r) return undefined;
        const { kept: _was, ...rest } = r;
        const next = kept ? { ...rest, kept: true as const } : rest;
        records.set(id, next);
        return next;
      },
      listByConversation: async (c) => [...records.values()].filter((r) => r.conversationId === c),
      async deleteConversation(c) {
        for (const [id, r] of records) if (r.conversationId === c) records.delete(id);
      },
    },
    conversations: {
      getMessage: async (id) => messages.get(id),
      async putMessage(m) {
        messages.set(m.id, m);
      },
    },
    index,
    origin,
    announce: (m) => announced.push(m),
  });
  return { keeping, records, messages, remembered, forgotten, announced };
}

describe('keeping an attached file in the history index', () => {
  it('offers its text under its viewer address, marks the record and the message, and tells the panels', async () => {
    const w = world();
    const shown = await w.keeping.keep({ id: ID, keep: true });
    expect(w.remembered).toEqual([
      { url: viewerUrl, title: 'q3.pdf', text: '--- Page 1 ---\nRevenue rose 12 % in the third quarter.', pdf: true },
    ]);
    expect(shown).toEqual({ id: ID, name: 'q3.pdf', size: 1234, kind: 'pdf', pages: 1, kept: true });
    expect(w.records.get(ID)!.kept).toBe(true);
    expect(w.messages.get('m1')!.attachments).toEqual([
      shown,
      { id: 'other', name: 'b.csv', size: 9, kind: 'csv', rows: 2 },
    ]);
    expect(w.announced.map((m) => m.attachments?.[0]?.kept)).toEqual([true]);

    const back = await w.keeping.keep({ id: ID, keep: false });
    expect(w.forgotten).toEqual([viewerUrl]);
    expect(back.kept).toBeUndefined();
    expect(w.records.get(ID)!.kept).toBeUndefined();
    expect(w.messages.get('m1')!.attachments![0]!.kept).toBeUndefined();
  });

  it.each([
    [{ status: 'off' } as CaptureReply, /Turn on “Remember what I read”/],
    [{ status: 'refused', reason: 'paused' } as CaptureReply, /paused/],
    [{ status: 'refused', reason: 'user-denylist' } as CaptureReply, /“q3.pdf” matches a pattern you excluded/],
    [{ status: 'full' } as CaptureReply, /try again/],
  ])('says why when the index refuses it (%o) and marks nothing', async (reply, message) => {
    const w = world({ reply });
    await expect(w.keeping.keep({ id: ID, keep: true })).rejects.toThrow(message);
    expect(w.records.get(ID)!.kept).toBeUndefined();
    expect(w.messages.get('m1')!.attachments![0]!.kept).toBeUndefined();
    expect(w.announced).toEqual([]);
  });

  it('refuses a file still in the composer, one without text, and one that is gone, offering nothing', async () => {
    const unsent = world({ record: { messageId: undefined, conversationId: undefined } });
    await expect(unsent.keeping.keep({ id: ID, keep: true })).rejects.toThrow(/no longer here/);
    const image = world({ record: { kind: 'png', reading: undefined } });
    await expect(image.keeping.keep({ id: ID, keep: true })).rejects.toThrow(/“q3.pdf” has no text to keep/);
    const blank = world({ record: { reading: { text: '  \n ', notes: [] } } });
    await expect(blank.keeping.keep({ id: ID, keep: true })).rejects.toThrow(/no text to keep/);
    const gone = world();
    await expect(gone.keeping.keep({ id: 'nope', keep: true })).rejects.toThrow(/no longer here/);
    expect([...unsent.remembered, ...image.remembered, ...blank.remembered, ...gone.remembered]).toEqual([]);
  });

  it("takes a deleted conversation's kept files out of the index, and only those, then deletes its files", async () => {
    const w = world({ record: { kept: true } });
    await w.keeping.deleteConversation('c2');
    expect(w.forgotten).toEqual([]);
    expect(w.records.has(ID)).toBe(true);
    await w.keeping.deleteConversation('c1');
    expect(w.forgotten).toEqual([viewerUrl]);
    expect(w.records.has(ID)).toBe(false);
  });
});
