/**
 * What the chat service does with attached files: links them to the message they are sent with (an image is
 * marked not sent when the conversation's model takes no images, decided again at sending), and gives a run the
 * conversation's files as the model is told of them.
 */
import type { AttachedFile } from '../agent/run-settings';
import { isImageKind, type MessageAttachment } from '../core/message-attachment';
import type { AttachmentStore } from '../storage/attachment-store';
import type { MessageRecord } from '../storage/records';
import { loadAttachedFiles } from './attached-files';
import { imageNotSent, type AttachmentReaderDeps } from './read-attachment';

export interface ConversationAttachments {
  /** Links the files to the message; answers them as the message keeps them (ids unknown or never read are dropped). */
  link(ids: string[], conversationId: string, messageId: string): Promise<MessageAttachment[]>;
  /** The conversation's attached files, as the run answering its last user message tells the model of them. */
  forRun(records: MessageRecord[]): Promise<AttachedFile[]>;
}

export function createConversationAttachments(
  deps: Pick<AttachmentReaderDeps, 'imageRefusal'> & {
    store: Promise<AttachmentStore> | AttachmentStore;
    /** The extension's base URL, for spreadsheets' citation addresses (the reader page). */
    sheetBase?: string;
  },
): ConversationAttachments {
  return {
    async link(ids, conversationId, messageId) {
      const store = await deps.store;
      const linked = (await store.assign(ids, conversationId, messageId)).filter((r) => r.kind !== undefined);
      const refusal = linked.some((r) => isImageKind(r.kind!))
        ? await deps.imageRefusal(conversationId, undefined)
        : undefined;
      return linked.map((r) => ({
        id: r.id,
        name: r.name,
        size: r.size,
        kind: r.kind!,
        ...(r.reading?.pages !== undefined ? { pages: r.reading.pages } : {}),
        ...(r.reading?.rows !== undefined ? { rows: r.reading.rows } : {}),
        ...(isImageKind(r.kind!) && imageNotSent(r.size, refusal) ? { notSent: imageNotSent(r.size, refusal)! } : {}),
      }));
    },
    async forRun(records) {
      return loadAttachedFiles(await deps.store, records, deps.sheetBase);
    },
  };
}
