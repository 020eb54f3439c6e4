/**
 * The background's way to read a document's bytes: they go to the transfers store (messages carry JSON only),
 * the offscreen document reads them there (lib/documents/serve-read-document.ts) and answers the reading, or
 * an error whose message names the file and the limit.
 */
import type { OffscreenClient } from '../retrieval/ingest/offscreen-client';
import type { DocumentTransfers } from '../storage/document-blobs';
import type { ReadDocumentFile } from '../tools/web/read-document-response';
import type { DocumentReading } from '../documents/read-document';

/** Reads a file the user attached where its bytes are kept (the attachments store), in the offscreen document. */
export type ReadAttachedDocument = (file: {
  attachmentId: string;
  name: string;
  maxChars: number;
  /** A locked PDF's password, as the user typed it on its chip (in this message only: never stored). */
  password?: string;
}) => Promise<DocumentReading>;

export function createAttachedDocumentReader(offscreen: OffscreenClient): ReadAttachedDocument {
  return (file) => offscreen.send('readDocument', file);
}

export function createDocumentReader(offscreen: OffscreenClient, transfers: DocumentTransfers): ReadDocumentFile {
  return async (file) => {
    const transferId = await transfers.put(file);
    return offscreen.send('readDocument', {
      transferId,
      name: file.name,
      maxChars: file.maxChars,
      url: file.url,
      // The password goes in the message, never with the bytes into the store.
      ...(file.password !== undefined ? { password: file.password } : {}),
      ...(file.renderScans ? { renderScans: true } : {}),
    });
  };
}
