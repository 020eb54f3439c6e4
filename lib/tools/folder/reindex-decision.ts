/**
 * When a file of the folder is read again for the index: never while its size and modified time are what the
 * index took (and the index still holds it), and when they changed, embedded again only if its bytes did.
 */
import type { IndexedFolderFile } from '../../storage/folder-store';

/** What a file is on disk now. */
export interface FileFacts {
  size: number;
  modified: number;
}

/** 'skip': not even read; 'read': read and hashed (then `contentChanged` decides). */
export function readDecision(
  previous: IndexedFolderFile | undefined,
  now: FileFacts,
  stillIndexed: boolean,
): 'skip' | 'read' {
  if (!previous || !stillIndexed) return 'read';
  return previous.size === now.size && previous.modified === now.modified ? 'skip' : 'read';
}

/** Whether bytes with `hash` need indexing: a touched file with the same bytes keeps its chunks. */
export const contentChanged = (previous: IndexedFolderFile | undefined, hash: string, stillIndexed: boolean) =>
  !previous || !stillIndexed || previous.hash !== hash;

/** The paths the index holds that the folder no longer has (their chunks go). */
export function removedPaths(indexed: readonly IndexedFolderFile[], present: ReadonlySet<string>): string[] {
  return indexed.filter((f) => !present.has(f.path)).map((f) => f.path);
}
