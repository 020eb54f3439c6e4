/**
 * attachments.read: what a file the panel just attached is. Its bytes are sniffed (the name may lie); an image is
 * kept as it is, and marked not sent when the model takes no images; a document is read by the offscreen
 * document's reader and the reading is kept with the attachment, so sending it later reads nothing again. A file
 * that cannot be read answers the reader's error, which names the file and the limit.
 */
import {
  formatBytes,
  isImageKind,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_CHARS,
  type MessageAttachment,
} from '../core/message-attachment';
import { documentError } from '../documents/document-error';
import { sniffDocumentKind } from '../documents/document-kind';
import { readZipDirectory } from '../documents/read-zip-directory';
import { UserFacingError } from '../messaging/user-facing-error';
import type { AttachmentStore } from '../storage/attachment-store';
import type { ConversationModel } from '../storage/records';
import type { ReadDocumentFile } from '../tools/web/read-document-response';
import { t } from '../util/t';

export interface AttachmentReaderDeps {
  store: AttachmentStore;
  readDocument: ReadDocumentFile;
  /** Why the conversation's model (or `model`, for a new one) takes no images; undefined when it does. */
  imageRefusal(conversationId: string | undefined, model: ConversationModel | undefined): Promise<string | undefined>;
}

export interface ReadAttachmentRequest {
  id: string;
  conversationId?: string;
  model?: ConversationModel;
}

export type ReadAttachment = (request: ReadAttachmentRequest) => Promise<MessageAttachment>;

export function createAttachmentReader(deps: AttachmentReaderDeps): ReadAttachment {
  return async ({ id, conversationId, model }) => {
    const record = await deps.store.get(id);
    if (!record) throw new UserFacingError('not_found', t('attachment_gone'));
    const base = { id, name: record.name, size: record.size };
    if (record.size > MAX_ATTACHMENT_BYTES)
      throw documentError(
        'too_large',
        t('attachment_too_large', record.name, formatBytes(record.size), formatBytes(MAX_ATTACHMENT_BYTES)),
      );
    const bytes = new Uint8Array(await record.blob.arrayBuffer());
    const { kind } = sniffDocumentKind(bytes, record.name, record.mediaType, (b) =>
      readZipDirectory(b)?.map((e) => e.name),
    );
    if (isImageKind(kind)) {
      await deps.store.setRead(id, kind, undefined);
      const notSent = await deps.imageRefusal(conversationId, model);
      return { ...base, kind, ...(notSent ? { notSent } : {}) };
    }
    const read = await deps.readDocument({
      bytes,
      name: record.name,
      mediaType: record.mediaType,
      url: 'about:blank',
      maxChars: MAX_ATTACHMENT_CHARS,
    });
    const rows = read.sheets?.reduce((n, s) => n + Math.max(0, s.totalRows - 1), 0);
    const reading = {
      text: read.text,
      notes: read.truncated
        ? [...read.notes, `Only the first ${read.text.length} of ${read.totalChars} characters are here.`]
        : read.notes,
      ...(read.pageCount !== undefined ? { pages: read.pageCount } : {}),
      ...(rows !== undefined ? { rows } : {}),
    };
    await deps.store.setRead(id, read.kind, reading);
    return {
      ...base,
      kind: read.kind,
      ...(reading.pages !== undefined ? { pages: reading.pages } : {}),
      ...(reading.rows !== undefined ? { rows: reading.rows } : {}),
    };
  };
}
