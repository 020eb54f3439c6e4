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
  MAX_IMAGE_BYTES,
  type MessageAttachment,
} from '../core/message-attachment';
import { documentError } from '../documents/document-error';
import { sniffDocumentKind } from '../documents/document-kind';
import { UserFacingError } from '../messaging/user-facing-error';
import type { AttachmentStore } from '../storage/attachment-store';
import type { ConversationModel } from '../storage/records';
import type { ReadAttachedDocument } from './create-document-reader';
import { t } from '../util/t';

export interface AttachmentReaderDeps {
  store: AttachmentStore;
  /** Reads the file in the offscreen document, from the attachments store (its bytes are not copied again). */
  readAttached: ReadAttachedDocument;
  /** Why the conversation's model (or `model`, for a new one) takes no images; undefined when it does. */
  imageRefusal(conversationId: string | undefined, model: ConversationModel | undefined): Promise<string | undefined>;
}

export interface ReadAttachmentRequest {
  id: string;
  conversationId?: string;
  model?: ConversationModel;
  /** A locked PDF's password as the user typed it on the chip: handed to the reader, kept nowhere. */
  password?: string;
}

export type ReadAttachment = (request: ReadAttachmentRequest) => Promise<MessageAttachment>;

/** Why an image of `size` bytes is not sent: the model's refusal, or its size; undefined when it is sent. */
export function imageNotSent(size: number, refusal: string | undefined): string | undefined {
  return (
    refusal ?? (size > MAX_IMAGE_BYTES ? t('attachment_image_too_large', formatBytes(MAX_IMAGE_BYTES)) : undefined)
  );
}

export function createAttachmentReader(deps: AttachmentReaderDeps): ReadAttachment {
  return async ({ id, conversationId, model, password }) => {
    const record = await deps.store.get(id);
    if (!record) throw new UserFacingError('not_found', t('attachment_gone'));
    const base = { id, name: record.name, size: record.size };
    if (record.size > MAX_ATTACHMENT_BYTES)
      throw documentError(
        'too_large',
        t('attachment_too_large', record.name, formatBytes(record.size), formatBytes(MAX_ATTACHMENT_BYTES)),
      );
    // The head tells an image (the reader sniffs documents again, whole: a zip's directory is at its end).
    const head = new Uint8Array(await record.blob.slice(0, 64 * 1024).arrayBuffer());
    const { kind } = sniffDocumentKind(head, record.name, record.mediaType, () => undefined);
    if (isImageKind(kind)) {
      await deps.store.setRead(id, kind, undefined);
      const notSent = imageNotSent(record.size, await deps.imageRefusal(conversationId, model));
      return { ...base, kind, ...(notSent ? { notSent } : {}) };
    }
    const read = await deps.readAttached({
      attachmentId: id,
      name: record.name,
      maxChars: MAX_ATTACHMENT_CHARS,
      ...(password !== undefined ? { password } : {}),
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
