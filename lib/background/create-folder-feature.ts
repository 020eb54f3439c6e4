/**
 * The folder tools as the worker composes them: the folder the user picked in Settings → Documents, read from
 * the folder store at each call (the settings page writes it; a stored handle works in the worker), documents
 * in it read by the offscreen document's reader.
 */
import { openFolderStore } from '../storage/folder-store';
import type { Tool } from '../tools/define-tool';
import { asFolderDirectory } from '../tools/folder/folder-handle';
import { createFolderTools } from '../tools/folder/folder-tools';
import type { ReadDocumentFile } from '../tools/web/read-document-response';

export function createFolderFeature(readDocument: ReadDocumentFile): { tools: Tool[] } {
  const store = openFolderStore();
  return {
    tools: createFolderTools({
      folder: async () => {
        const picked = await store.get();
        return picked && { handle: asFolderDirectory(picked.handle), name: picked.name };
      },
      readDocument,
    }) as Tool[],
  };
}
