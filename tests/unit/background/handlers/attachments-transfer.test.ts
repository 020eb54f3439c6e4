/** Attached files travel with their conversation in "Export everything" and come back with "Import". */
import { describe, expect, it } from 'vitest';
import { createDataTransferHandlers } from '../../../../lib/background/handlers/data-transfer-handlers';
import { EXPORT_ATTACHMENT_BYTES } from '../../../../lib/background/data-transfer/build-export';
import { createInMemoryMemoryStore } from '../../../../lib/tools/memory-store';
import type { AttachmentRecord, AttachmentStore } from '../../../../lib/storage/attachment-store';
import { createMemoryConversationStore } from '../memory-conversation-store';
import { createFakeProviderStore, createFakeSettingsStore } from './fakes';

function memoryAttachments(records: AttachmentRecord[] = []) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const store: Pick<AttachmentStore, 'listByConversation' | 'get' | 'putAll'> = {
    listByConversation: async (id) => [...byId.values()].filter((r) => r.conversationId === id),
    get: async (id) => byId.get(id),
    putAll: async (rs) => void rs.forEach((r) => byId.set(r.id, r)),
  };
  return { store, byId };
}

async function world(records: AttachmentRecord[] = []) {
  const conversations = createMemoryConversationStore();
  const attachments = memoryAttachments(records);
  const h = createDataTransferHandlers({
    conversations,
    memory: createInMemoryMemoryStore(),
    settings: createFakeSettingsStore({}),
    providers: createFakeProviderStore(),
    attachments: attachments.store,
    now: () => 42,
  });
  return { conversations, attachments, h };
}

const csv = 'a,b\n1,2\n';
const attached = (over: Partial<AttachmentRecord> = {}): AttachmentRecord => ({
  id: 'f1',
  conversationId: 'c1',
  messageId: 'm1',
  name: 'list.csv',
  mediaType: 'text/csv',
  size: csv.length,
  createdAt: 5,
  kind: 'csv',
  reading: { text: '| a | b |\n| 1 | 2 |', rows: 1, notes: [] },
  blob: new Blob([csv], { type: 'text/csv' }),
  ...over,
});

describe('attached files in export and import', () => {
  it('export the file with its reading and bytes and the message’s chip; import brings all three back once', async () => {
    const from = await world([attached(), attached({ id: 'unsent', conversationId: undefined, messageId: undefined })]);
    await from.conversations.createConversation({ id: 'c1', title: 'Lists', createdAt: 1, updatedAt: 2 });
    const chip = { id: 'f1', name: 'list.csv', size: csv.length, kind: 'csv', rows: 1 };
    await from.conversations.putMessage({
      id: 'm1',
      conversationId: 'c1',
      role: 'user',
      text: 'Sum it',
      status: 'complete',
      createdAt: 2,
      attachments: [chip],
    });
    const file = await from.h['data.export']({});
    expect(file.attachments).toEqual([
      {
        id: 'f1',
        conversationId: 'c1',
        messageId: 'm1',
        name: 'list.csv',
        mediaType: 'text/csv',
        size: csv.length,
        createdAt: 5,
        kind: 'csv',
        reading: { text: '| a | b |\n| 1 | 2 |', rows: 1, notes: [] },
        data: btoa(csv),
      },
    ]);

    const to = await world();
    const text = JSON.stringify(file);
    await to.h['data.import']({ text });
    const [message] = await to.conversations.listMessages('c1');
    expect(message!.attachments).toEqual([chip]);
    const record = to.attachments.byId.get('f1')!;
    expect(record).toMatchObject({ conversationId: 'c1', messageId: 'm1', reading: { rows: 1 } });
    expect(await record.blob.text()).toBe(csv);
    // Importing again adds nothing.
    await to.h['data.import']({ text });
    expect(to.attachments.byId.size).toBe(1);
  });

  it('a file past the export’s byte budget travels as its text only; a file of a conversation not in the import is not added', async () => {
    const big = attached({ id: 'big', size: EXPORT_ATTACHMENT_BYTES + 1 });
    Object.defineProperty(big.blob, 'size', { value: EXPORT_ATTACHMENT_BYTES + 1 });
    const from = await world([big]);
    await from.conversations.createConversation({ id: 'c1', title: 'Lists', createdAt: 1, updatedAt: 2 });
    const file = await from.h['data.export']({});
    expect(file.attachments![0]!.data).toBeUndefined();
    expect(file.attachments![0]!.reading?.text).toContain('| 1 | 2 |');
    const to = await world();
    await to.h['data.import']({
      text: JSON.stringify({
        ...file,
        attachments: [...file.attachments!, { ...file.attachments![0]!, id: 'x', conversationId: 'elsewhere' }],
      }),
    });
    expect([...to.attachments.byId.keys()]).toEqual(['big']);
    expect(to.attachments.byId.get('big')!.blob.size).toBe(0);
  });
});
