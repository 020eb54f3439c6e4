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

/** What the index holds of one file of the folder: how it was when read, so an unchanged file is not read again. */
export interface IndexedFolderFile {
  /** Its path in the folder ("notes/plan.md"). */
  path: string;
  size: number;
  /** The file's last-modified time (ms). */
  modified: number;
  /** SHA-256 of its bytes, hex. */
  hash: string;
}

/** The last indexing of the folder, as Settings → Documents shows it. */
export interface FolderIndexReport {
  folder: string;
  at: number;
  /** Documents of the folder in the index after it. */
  documents: number;
  /** Read and (re)indexed this time. */
  indexed: number;
  unchanged: number;
  /** Gone from the folder, so gone from the index. */
  removed: number;
  skipped: { tooLarge: number; unsupported: number; unreadable: number; overLimit: number; refused: number };
  /** Stopped by the user before the end. */
  stopped?: boolean;
  /** Why it did not run at all (no permission, the switch off...). */
  error?: string;
}

interface FolderDb extends DBSchema {
  folder: { key: string; value: PickedFolder & { key: string } };
  files: { key: string; value: IndexedFolderFile };
  report: { key: string; value: FolderIndexReport };
}

export const FOLDER_DB = 'tabwise-folder';
const KEY = 'picked';

const migrations: Array<(db: IDBPDatabase<FolderDb>) => void> = [
  (db) => db.createObjectStore('folder', { keyPath: 'key' }),
  (db) => {
    db.createObjectStore('files', { keyPath: 'path' });
    db.createObjectStore('report');
  },
];

export interface FolderStore {
  get(): Promise<PickedFolder | undefined>;
  set(handle: FileSystemDirectoryHandle, pickedAt: number): Promise<PickedFolder>;
  /** Forgets the folder, what was indexed of it and the last report. */
  clear(): Promise<void>;
  /** The folder's files as the index last took them. */
  indexedFiles(): Promise<IndexedFolderFile[]>;
  putIndexedFile(file: IndexedFolderFile): Promise<void>;
  deleteIndexedFiles(paths: string[]): Promise<void>;
  clearIndexedFiles(): Promise<void>;
  report(): Promise<FolderIndexReport | undefined>;
  setReport(report: FolderIndexReport): Promise<void>;
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
      const tx = (await db()).transaction(['folder', 'files', 'report'], 'readwrite');
      await Promise.all([
        tx.objectStore('folder').clear(),
        tx.objectStore('files').clear(),
        tx.objectStore('report').clear(),
      ]);
      await tx.done;
    },
    async indexedFiles() {
      return (await db()).getAll('files');
    },
    async putIndexedFile(file) {
      await (await db()).put('files', file);
    },
    async deleteIndexedFiles(paths) {
      const tx = (await db()).transaction('files', 'readwrite');
      await Promise.all(paths.map((p) => tx.store.delete(p)));
      await tx.done;
    },
    async clearIndexedFiles() {
      await (await db()).clear('files');
    },
    async report() {
      return (await db()).get('report', KEY);
    },
    async setReport(report) {
      await (await db()).put('report', report, KEY);
    },
  };
}
