/**
 * Puts an attached file's bytes in the attachments store (IndexedDB, shared with the worker). Loaded only when
 * the user attaches a file, so the panel's startup bundle carries no database code for it.
 */
import { openAttachmentStore } from '../../lib/storage/attachment-store';

let store: ReturnType<typeof openAttachmentStore> | undefined;

export function storeAttachment(file: File): Promise<string> {
  store ??= openAttachmentStore();
  return store.add({ blob: file, name: file.name, mediaType: file.type });
}
