/**
 * The folder the user picked in Settings → Documents: its FileSystemDirectoryHandle, kept in IndexedDB (a handle
 * survives structured clone, runtime messages do not carry it). The settings page puts it there after the picker;
 * the worker reads it for the folder tools (a stored handle works in a service worker, which cannot show the
 * picker). One folder at a time: picking another replaces it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface PickedFolder {
  handle: FileSystemDirectoryHandle;
  /** The folder's own name, as the picker gave it (never a full path: the API does not reveal one). */
  name: string;
  pickedAt: number;
}

interface FolderDb extends DBSchema {
  folder: { key: string; value: PickedFolder & { key: string } };
}

export const FOLDER_DB = 'tabwise-folder';
const KEY = 'picked';

const migrations: Array<(db: IDBPDatabase<FolderDb>) => void> = [
  (db) => db.createObjectStore('folder', { keyPath: 'key' }),
];

export interface FolderStore {
  get(): Promise<PickedFolder | undefined>;
  set(handle: FileSystemDirectoryHandle, pickedAt: number): Promise<PickedFolder>;
  clear(): Promise<void>;
}

export function openFolderStore(name = FOLDER_DB): FolderStore {
  let opened: Promise<IDBPDatabase<FolderDb>> | undefined;
  const db = () =>
    (opened ??= openDB<FolderDb>(name, migrations.length, {
      upgrade(d, oldVersion) {
        for (let v = oldVersion; v < migrations.length; v++) migrations[v]!(d);
      },
    }));
  return {
    async get() {
      const record = await (await db()).get('folder', KEY);
      if (!record) return undefined;
      const { key, ...folder } = record;
      void key;
      return folder;
    },
    async set(handle, pickedAt) {
      const folder = { handle, name: handle.name, pickedAt };
      await (await db()).put('folder', { key: KEY, ...folder });
      return folder;
    },
    async clear() {
      await (await db()).delete('folder', KEY);
    },
  };
}
