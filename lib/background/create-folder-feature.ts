/**
 * The folder the user picked in Settings → Documents, as the worker composes it: the folder tools (the folder
 * read from the folder store at each call: the settings page writes it; a stored handle works in the worker),
 * documents in it read by the offscreen document's reader, and its documents in the history index
 * (create-folder-index.ts) with the settings page's and the viewer page's requests.
 */
import { openFolderStore } from '../storage/folder-store';
import type { Tool } from '../tools/define-tool';
import { asFolderDirectory } from '../tools/folder/folder-handle';
import { createFolderTools } from '../tools/folder/folder-tools';
import type { ReadDocumentFile } from '../tools/web/read-document-response';
import type { IngestService } from '../retrieval/ingest/ingest-service';
import { createFolderIndex } from './create-folder-index';
import type { BackgroundHandlers } from './protocol';
import { afterWake } from './after-wake';

export function createFolderFeature(
  readDocument: ReadDocumentFile,
  service: IngestService,
): { tools: Tool[]; extraHandlers: BackgroundHandlers; forgetAll(): Promise<void> } {
  const store = openFolderStore();
  const index = createFolderIndex({
    store,
    service,
    readDocument,
    origin: chrome.runtime.getURL('').replace(/\/$/, ''),
    now: Date.now,
  });
  afterWake(() =>
    index.indexIfDue().catch((e: unknown) => console.warn('Tabwise: indexing the folder at start failed', e)),
  );
  return {
    tools: createFolderTools({
      folder: async () => {
        const picked = await store.get();
        return picked && { handle: asFolderDirectory(picked.handle), name: picked.name };
      },
      readDocument,
    }) as Tool[],
    extraHandlers: {
      'folder.index': () => index.index(),
      'folder.stopIndex': async () => index.stop(),
      'folder.report': () => index.report(),
      'folder.forget': ({ keepFolder }) => index.unindex(keepFolder ?? false),
      'folder.read': ({ path }) => index.read(path),
    },
    forgetAll: () => index.unindex(false),
  };
}
