// The offscreen document: hosts the retrieval engine (index + embedding worker) and the document reader for the background.
import { createReadDocumentHandler } from '../../lib/documents/serve-read-document';
import { createOffscreenEngine } from '../../lib/retrieval/engine/offscreen-engine';
import { serveOffscreenEngine } from '../../lib/retrieval/engine/serve-offscreen-engine';
import { openAttachmentStore } from '../../lib/storage/attachment-store';
import { openDocumentTransfers } from '../../lib/storage/document-blobs';

serveOffscreenEngine({
  ...createOffscreenEngine({
    spawnWorker: () => new Worker(new URL('./embed-worker.ts', import.meta.url), { type: 'module' }),
    crossOriginIsolated: self.crossOriginIsolated,
  }),
  readDocument: createReadDocumentHandler({
    transfers: openDocumentTransfers(),
    attachments: openAttachmentStore(),
    assetUrl: (path) => chrome.runtime.getURL(path),
  }),
});
