/**
 * A file the user attached to a message, as the message keeps it: what the chip shows (name, size, pages or
 * rows) and, for an image the model cannot take, why it was not sent. The bytes and the text read from them live
 * in the attachments store (lib/storage/attachment-store.ts), owned by the conversation.
 */
export interface MessageAttachment {
  id: string;
  name: string;
  /** Bytes of the file. */
  size: number;
  /** What the file is, by its bytes (a DocumentKind: "pdf", "csv", "png", …). */
  kind: string;
  pages?: number;
  rows?: number;
  /** Set when the file is not sent to the model, and why (an image for a model that takes no images). */
  notSent?: string;
  /** The user chose to keep it in "Remember what I read": its text is in the history index, cited in the viewer. */
  kept?: true;
}

/** Files one message may carry. */
export const MAX_ATTACHMENTS = 10;
/** Bytes of one attached file at most (the document reader's own limit); a larger one is refused by its name. */
export const MAX_ATTACHMENT_BYTES = 50_000_000;
/** Bytes of an attached image a model is sent at most (the vendors' own limit per image). */
export const MAX_IMAGE_BYTES = 5_000_000;
/** Characters of one attachment's text the model is sent at most (the rest is named as left out). */
export const MAX_ATTACHMENT_CHARS = 400_000;

const IMAGE_KINDS = new Set(['png', 'jpeg', 'webp', 'gif']);
export const isImageKind = (kind: string): boolean => IMAGE_KINDS.has(kind);

/** A size as a person reads it: "812 B", "4.2 KB", "5.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 100) / 10} KB`;
  return `${Math.round(bytes / 100_000) / 10} MB`;
}
