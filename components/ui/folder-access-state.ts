/**
 * The picked folder as Settings → Documents and the panel's permission prompt see it: its name, whether Chrome
 * lets Tabwise read it now, and the user's actions (pick one, allow it again, stop using it). The handle lives
 * in the folder store (IndexedDB), where the worker's folder tools read it; picking and allowing need a click
 * in a page, which is why they happen here and not in the worker.
 */
import { signal } from '@preact/signals';
import { openFolderStore, type FolderStore } from '../../lib/storage/folder-store';
import { asFolderDirectory, folderPermission } from '../../lib/tools/folder/folder-handle';
import { sendToBackground } from '../../lib/background/send-to-background';

/** What showDirectoryPicker answers (TypeScript's DOM types do not declare it). */
type ShowDirectoryPicker = (options: {
  id?: string;
  mode?: 'read' | 'readwrite';
}) => Promise<FileSystemDirectoryHandle>;

export interface FolderAccessDeps {
  store: FolderStore;
  /** Takes the folder's documents out of the index (the worker's), and forgets the folder unless `keepFolder`. */
  forgetInWorker?(keepFolder: boolean): Promise<void>;
  /** The browser's folder picker; undefined where there is none. */
  showDirectoryPicker?: ShowDirectoryPicker;
  now(): number;
}

const defaultDeps = (): FolderAccessDeps => {
  const picker = (globalThis as { showDirectoryPicker?: ShowDirectoryPicker }).showDirectoryPicker;
  return {
    store: openFolderStore(),
    forgetInWorker: (keepFolder) => sendToBackground('folder.forget', { keepFolder }),
    // Looked up at each pick, not bound once: the page's picker is what the user clicks through.
    ...(picker
      ? {
          showDirectoryPicker: (options) =>
            (globalThis as unknown as { showDirectoryPicker: ShowDirectoryPicker }).showDirectoryPicker(options),
        }
      : {}),
    now: Date.now,
  };
};

export function createFolderAccessState(deps: FolderAccessDeps = defaultDeps()) {
  const name = signal<string | null>(null);
  /** 'granted', or 'prompt' / 'denied' when Chrome needs the user to allow it again; null with no folder. */
  const permission = signal<PermissionState | null>(null);
  const loaded = signal(false);
  const supported = deps.showDirectoryPicker !== undefined;

  async function load() {
    const folder = await deps.store.get();
    name.value = folder?.name ?? null;
    permission.value = folder ? await folderPermission(asFolderDirectory(folder.handle)) : null;
    loaded.value = true;
  }

  return {
    name,
    permission,
    loaded,
    supported,
    load,
    /** Shows the picker; resolves with the folder's name, or null when the user closed it. */
    async pick(): Promise<string | null> {
      if (!deps.showDirectoryPicker) return null;
      let handle: FileSystemDirectoryHandle;
      try {
        handle = await deps.showDirectoryPicker({ id: 'tabwise-documents', mode: 'read' });
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') return null;
        throw error;
      }
      // The last folder's documents leave the index with it (one folder at a time).
      if (await deps.store.get()) await deps.forgetInWorker?.(false);
      await deps.store.set(handle, deps.now());
      await load();
      return handle.name;
    },
    /** Asks Chrome to let Tabwise read the folder again (must run in a click's handler). */
    async allow(): Promise<void> {
      const folder = await deps.store.get();
      if (!folder) return;
      const handle = asFolderDirectory(folder.handle);
      permission.value = handle.requestPermission ? await handle.requestPermission({ mode: 'read' }) : 'granted';
    },
    async forget(): Promise<void> {
      if (deps.forgetInWorker) await deps.forgetInWorker(false);
      else await deps.store.clear();
      await load();
    },
  };
}

export type FolderAccessState = ReturnType<typeof createFolderAccessState>;
