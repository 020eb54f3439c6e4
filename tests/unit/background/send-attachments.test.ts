/** Files attached to a message: kept with it, their text sent in the turn's marked block, an image refused by name. */
import { describe, expect, it, vi } from 'vitest';
import { createConversationAttachments } from '../../../lib/background/create-conversation-attachments';
import type { AttachmentRecord, AttachmentStore } from '../../../lib/storage/attachment-store';
import { untrustedBlocks } from '../../security/untrusted-block';
import { finish, setup, text } from './chat-service-harness';

/** The attachments store as a map (the real one is IndexedDB: tests/browser/documents/attachment-store.test.ts). */
function memoryAttachments(records: AttachmentRecord[]) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const store: Pick<AttachmentStore, 'get' | 'assign'> = {
    get: async (id) => byId.get(id),
    async assign(ids, conversationId, messageId) {
      return ids.flatMap((id) => {
        const r = byId.get(id);
        if (!r || (r.messageId && r.messageId !== messageId)) return [];
        const next = { ...r, conversationId, messageId };
        byId.set(id, next);
        return [next];
      });
    },
  };
  return { store: store as AttachmentStore, byId };
}

const record = (id: string, name: string, kind: string, reading?: AttachmentRecord['reading']): AttachmentRecord => ({
  id,
  name,
  kind,
  blob: new Blob(['x']),
  mediaType: '',
  size: 1234,
  createdAt: 1,
  ...(reading ? { reading } : {}),
});

const turnText = (message: unknown) =>
  ((message as { content: { text: string }[] }).content ?? []).map((p) => p.text).join('\n');

describe('a message with attached files', () => {
  it('keeps them with the message, sends their text inside the marked block, names an image it did not send, and sends earlier files again on the next turn', async () => {
    const { store, byId } = memoryAttachments([
      record('a1', 'q3.pdf', 'pdf', { text: '--- Page 1 ---\nRevenue 4.2M', pages: 1, notes: [] }),
      record('a2', 'people.csv', 'csv', { text: '| name |\n| Ada |', rows: 1, notes: ['Only some rows.'] }),
      record('a3', 'photo.png', 'png'),
      // Never read (the panel sends only read files): dropped.
      record('a4', 'raw.bin', undefined as unknown as string),
    ]);
    const refusal = vi.fn(async () => 'Not sent: m does not take images.');
    const t = setup(
      [
        [text('one'), finish()],
        [text('two'), finish()],
      ],
      undefined,
      { attachments: createConversationAttachments({ store, imageRefusal: refusal }) },
    );
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: 'Summarise these',
      clientId: 'u1',
      attachments: ['a1', 'a2', 'a3', 'a4', 'missing'],
    });
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    const id = t.conversationId();
    const [user] = await t.settled(id);
    expect(user!.attachments).toEqual([
      { id: 'a1', name: 'q3.pdf', size: 1234, kind: 'pdf', pages: 1 },
      { id: 'a2', name: 'people.csv', size: 1234, kind: 'csv', rows: 1 },
      { id: 'a3', name: 'photo.png', size: 1234, kind: 'png', notSent: 'Not sent: m does not take images.' },
    ]);
    expect(byId.get('a1')).toMatchObject({ conversationId: id, messageId: 'u1' });

    const first = turnText(t.model.calls[0]!.messages.at(-1));
    const block = untrustedBlocks(first).find((b) => first.includes(`boundary="${b.boundary}" source="attachments"`));
    expect(block).toBeDefined();
    expect(block!.body).toContain(
      '<file name="q3.pdf" kind="PDF" pages="1" attached="with this message">\n--- Page 1 ---\nRevenue 4.2M\n</file>',
    );
    expect(block!.body).toContain('| Ada |\n(Only some rows.)');
    expect(block!.body).toContain('not_sent="Not sent: m does not take images."');
    // The user's own words stay outside the block.
    expect(first.endsWith('Summarise these')).toBe(true);

    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'And page 1?', clientId: 'u2' });
    await vi.waitFor(() => expect(t.finishes()).toBe(2), { timeout: 3000 });
    const second = turnText(t.model.calls[1]!.messages.at(-1));
    expect(second).toContain('name="q3.pdf" kind="PDF" pages="1" attached="earlier in the conversation"');
  });

  it('sends an image as an image part after the data block to a model that takes images', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { store } = memoryAttachments([{ ...record('a1', 'photo.png', 'png'), blob: new Blob([png]), size: 7 }]);
    const t = setup([[text('ok'), finish()]], undefined, {
      attachments: createConversationAttachments({ store, imageRefusal: async () => undefined }),
    });
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: 'What is it?',
      clientId: 'u1',
      attachments: ['a1'],
    });
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    const content = (t.model.calls[0]!.messages.at(-1) as { content: { type: string }[] }).content;
    expect(content.map((p) => p.type)).toEqual(['text', 'image', 'text']);
    expect(content[1]).toEqual({ type: 'image', mediaType: 'image/png', data: btoa(String.fromCharCode(...png)) });
    expect(turnText({ content: [content[0]] })).toContain('name="photo.png" kind="PNG image"');
    expect(turnText({ content: [content[0]] })).toContain('sent_as="an image after this block"');
  });

  it('does not send an image over the size limit, and says why on it', async () => {
    const { store } = memoryAttachments([{ ...record('a1', 'big.png', 'png'), size: 6_000_000 }]);
    const t = setup([[text('ok'), finish()]], undefined, {
      attachments: createConversationAttachments({ store, imageRefusal: async () => undefined }),
    });
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: 'Look',
      clientId: 'u1',
      attachments: ['a1'],
    });
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    const [user] = await t.settled(t.conversationId());
    expect(user!.attachments![0]!.notSent).toBe('Not sent: images of at most 5 MB are sent to a model.');
    expect(JSON.stringify(t.model.calls[0]!.messages)).not.toContain('"type":"image"');
  });

  it('a file already sent with another message is not taken by a second one', async () => {
    const { store } = memoryAttachments([{ ...record('a1', 'q3.pdf', 'pdf'), messageId: 'other' }]);
    const t = setup([[text('ok'), finish()]], undefined, {
      attachments: createConversationAttachments({ store, imageRefusal: async () => undefined }),
    });
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: 'hi',
      clientId: 'u1',
      attachments: ['a1'],
    });
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    const [user] = await t.settled(t.conversationId());
    expect(user!.attachments).toBeUndefined();
  });
});
