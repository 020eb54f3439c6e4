/**
 * The offscreen document's `readDocument` request: takes the file's bytes from the transfers store, reads
 * them (read-document.ts) with pdf.js's worker, fonts and CMaps from the extension's own files, and answers the
 * reading. Nothing is fetched from anywhere else.
 */
import type { AttachmentStore } from '../storage/attachment-store';
import type { DocumentTransfers } from '../storage/document-blobs';
import { documentError } from './document-error';
import { readDocument, toDocumentReading, type DocumentReading } from './read-document';

export interface ReadDocumentRequest {
  /** Where the bytes wait: the transfers store (taken), or the attachments store (left there). */
  transferId?: string;
  attachmentId?: string;
  name: string;
  url?: string;
  maxChars: number;
  password?: string;
  renderScans?: boolean;
}

/** Where the extension keeps pdf.js's files (copied there at build time by wxt.config.ts). */
export const PDFJS_ASSET_DIR = 'pdfjs';

export function createReadDocumentHandler(deps: {
  transfers: DocumentTransfers;
  attachments?: Pick<AttachmentStore, 'get'>;
  /** The extension's URL of a packaged file (chrome.runtime.getURL). */
  assetUrl: (path: string) => string;
}): (request: ReadDocumentRequest) => Promise<DocumentReading> {
  const attachedFile = async (id: string) => {
    const record = await deps.attachments?.get(id);
    return record && { mediaType: record.mediaType, bytes: new Uint8Array(await record.blob.arrayBuffer()) };
  };
  return async (r) => {
    const file = r.attachmentId ? await attachedFile(r.attachmentId) : await deps.transfers.take(r.transferId ?? '');
    if (!file) throw documentError('not_found', `Could not read ${r.name}: its bytes were not handed over.`);
    const read = await readDocument(
      {
        bytes: file.bytes,
        name: r.name,
        mediaType: file.mediaType,
        ...(r.url ? { url: r.url } : {}),
        ...(r.password !== undefined ? { password: r.password } : {}),
      },
      {
        workerSrc: deps.assetUrl(`/${PDFJS_ASSET_DIR}/pdf.worker.min.mjs`),
        cMapUrl: deps.assetUrl(`/${PDFJS_ASSET_DIR}/cmaps/`),
        standardFontDataUrl: deps.assetUrl(`/${PDFJS_ASSET_DIR}/standard_fonts/`),
        ...(r.renderScans ? { renderScans: true } : {}),
      },
    );
    return toDocumentReading(read, r.maxChars);
  };
}
