/**
 * Where the reader page gets a spreadsheet's bytes: an attachment from the documents database (this page shares
 * the extension's origin), a web address from the worker (sheets.fetch), which hands the bytes over in the
 * transfers store.
 */
import { sendToBackground } from '../../lib/background/send-to-background';
import { openAttachmentStore } from '../../lib/storage/attachment-store';
import { openDocumentTransfers } from '../../lib/storage/document-blobs';
import type { SheetViewDeps } from './load-sheet-view';
import { t } from '../ui/t';

export function sheetSources(): Omit<SheetViewDeps, 'base'> {
  return {
    async attachment(id) {
      const record = await openAttachmentStore().get(id);
      if (!record) return undefined;
      return { bytes: new Uint8Array(await record.blob.arrayBuffer()), name: record.name, mediaType: record.mediaType };
    },
    async fetchUrl(url) {
      const fetched = await sendToBackground('sheets.fetch', { url });
      const file = await openDocumentTransfers().take(fetched.transferId);
      if (!file) throw new Error(t('sheet_fetch_failed', url, t('sheet_view_gone')));
      return { bytes: file.bytes, name: fetched.name, mediaType: fetched.mediaType };
    },
  };
}
