/**
 * The viewer page's model: the address checked (parseViewerUrl: this extension, one path inside the folder),
 * Chrome's permission for the folder asked again when it was withdrawn (a click is needed, so here and not in
 * the worker), the file's text read by the worker as the index read it, and where the cited passage is.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { FolderFileView } from '../../lib/background/protocol';
import { openFolderStore, type FolderStore } from '../../lib/storage/folder-store';
import { asFolderDirectory, folderPermission } from '../../lib/tools/folder/folder-handle';
import { parseViewerUrl } from '../../lib/tools/folder/viewer-url';
import { locatePassage } from './locate-passage';

export interface ViewerDeps {
  store: Pick<FolderStore, 'get'>;
  read(path: string): Promise<FolderFileView>;
}

const defaultDeps = (): ViewerDeps => ({
  store: openFolderStore(),
  read: (path) => sendToBackground('folder.read', { path }),
});

export function createViewerState(href: string, origin: string, deps: ViewerDeps = defaultDeps()) {
  const target = parseViewerUrl(href, origin);
  const file = signal<FolderFileView | null>(null);
  /** The folder's name while Chrome needs the user to allow reading it again. */
  const needsPermission = signal<string | null>(null);
  const error = signal<string | null>(null);
  const passage = signal<[number, number] | undefined>(undefined);

  async function load() {
    if (!target) return;
    const folder = await deps.store.get();
    if (folder && (await folderPermission(asFolderDirectory(folder.handle))) !== 'granted') {
      needsPermission.value = folder.name;
      return;
    }
    needsPermission.value = null;
    try {
      const read = await deps.read(target.path);
      passage.value = target.passage ? locatePassage(read.text, target.passage) : undefined;
      file.value = read;
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
  }

  return {
    target,
    file,
    needsPermission,
    error,
    passage,
    load,
    /** The "Allow" click: Chrome's prompt, then the read. */
    async allow() {
      const folder = await deps.store.get();
      const handle = folder && asFolderDirectory(folder.handle);
      if (handle?.requestPermission) await handle.requestPermission({ mode: 'read' });
      await load();
    },
  };
}

export type ViewerState = ReturnType<typeof createViewerState>;
