/**
 * The part of the File System Access API the folder tools use, as structural types: a real
 * FileSystemDirectoryHandle fits them (see asFolderDirectory), and so does an in-memory fake in unit tests.
 */
export interface FolderFileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
}

export interface FolderDirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
  getDirectoryHandle(name: string): Promise<FolderDirectoryHandle>;
  getFileHandle(name: string): Promise<FolderFileHandle>;
  values(): AsyncIterable<FolderFileHandle | FolderDirectoryHandle>;
  /** Chromium's permission check (absent from TypeScript's DOM types and from fakes: then always granted). */
  queryPermission?(descriptor: { mode: 'read' | 'readwrite' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'read' | 'readwrite' }): Promise<PermissionState>;
}

/** A picked folder's handle as the tools use it (TypeScript's DOM types lack the permission methods and values()). */
export const asFolderDirectory = (handle: FileSystemDirectoryHandle): FolderDirectoryHandle =>
  handle as unknown as FolderDirectoryHandle;

/** Whether the folder may be read now, without asking: 'granted', or 'prompt' / 'denied' (the user must allow it again). */
export async function folderPermission(handle: FolderDirectoryHandle): Promise<PermissionState> {
  return handle.queryPermission ? handle.queryPermission({ mode: 'read' }) : 'granted';
}
