/**
 * An in-memory folder with the File System Access API's shape (folder-handle.ts), for unit tests: a tree of
 * names to text (a file) or to a tree (a folder). Like Chromium, it refuses names with "/" or ".." and answers
 * NotFoundError / TypeMismatchError; unlike it, its listing may hold hostile names, as a strange file system could.
 */
import type { FolderDirectoryHandle, FolderFileHandle } from '../../../../lib/tools/folder/folder-handle';

export type FakeTree = { [name: string]: string | Uint8Array | FakeTree };

const MODIFIED = Date.UTC(2026, 10, 1, 12, 0, 0);

function checkName(name: string) {
  if (name === '' || name === '.' || name === '..' || /[/\\]/.test(name)) throw new TypeError('Name is not allowed.');
}

const fileOf = (name: string, content: string | Uint8Array): FolderFileHandle => ({
  kind: 'file',
  name,
  getFile: async () => new File([content as BlobPart], name, { lastModified: MODIFIED }),
});

export function fakeFolder(
  name: string,
  tree: FakeTree,
  permission: () => PermissionState = () => 'granted',
): FolderDirectoryHandle & { opened: string[] } {
  const opened: string[] = [];
  const dir = (dirName: string, node: FakeTree): FolderDirectoryHandle => ({
    kind: 'directory',
    name: dirName,
    async getDirectoryHandle(child) {
      checkName(child);
      opened.push(child);
      const value = node[child];
      if (value === undefined) throw new DOMException('not found', 'NotFoundError');
      if (typeof value === 'string' || value instanceof Uint8Array)
        throw new DOMException('a file', 'TypeMismatchError');
      return dir(child, value);
    },
    async getFileHandle(child) {
      checkName(child);
      opened.push(child);
      const value = node[child];
      if (value === undefined) throw new DOMException('not found', 'NotFoundError');
      if (typeof value !== 'string' && !(value instanceof Uint8Array))
        throw new DOMException('a folder', 'TypeMismatchError');
      return fileOf(child, value);
    },
    async *values() {
      for (const [child, value] of Object.entries(node))
        yield typeof value === 'string' || value instanceof Uint8Array ? fileOf(child, value) : dir(child, value);
    },
    queryPermission: async () => permission(),
  });
  return Object.assign(dir(name, tree), { opened });
}
