/**
 * Walking the chosen folder: an entry by its resolved names, a folder's listing (names that are not plain
 * names skipped, never followed), and a bounded recursive walk for search. Every path comes from
 * folder-path.ts; nothing here builds a path of its own from text the model wrote.
 */
import { ToolError } from '../tool-error';
import type { FolderDirectoryHandle, FolderFileHandle } from './folder-handle';
import { isPlainName, joinPath } from './folder-path';

export type FolderEntry = FolderFileHandle | FolderDirectoryHandle;

/** The message the model reads when Chrome withdrew the folder's permission. */
export const needsPermissionMessage = (folderName: string) =>
  `The folder "${folderName}" needs the user's permission again. Tell the user to click "Allow" on the prompt in the Tabwise panel (or to pick the folder again in Settings → Documents), then try again.`;

/** A File System Access error as the model reads it, naming the path (not found, a folder where a file was meant...). */
export function folderError(error: unknown, path: string, folderName: string): ToolError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const shown = path || '.';
  if (name === 'NotFoundError')
    return new ToolError(`No file or folder "${shown}" in "${folderName}".`, { cause: error });
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return new ToolError(needsPermissionMessage(folderName), { cause: error });
  if (name === 'TypeMismatchError')
    return new ToolError(`"${shown}" in "${folderName}" is not what was expected (a file or a folder).`, {
      cause: error,
    });
  if (name === 'NotReadableError')
    return new ToolError(`"${shown}" in "${folderName}" could not be read (it may be in use or changed on disk).`, {
      cause: error,
    });
  if (error instanceof ToolError) return error;
  return new ToolError(
    `Could not read "${shown}" in "${folderName}": ${(error instanceof Error ? error.message : String(error)).replace(/\.$/, '')}.`,
    {
      cause: error,
    },
  );
}

/** The entry at `segments` below `root` (the root itself for []). */
export async function openFolderEntry(
  root: FolderDirectoryHandle,
  segments: readonly string[],
  folderName: string,
): Promise<FolderEntry> {
  let dir = root;
  try {
    for (const [i, name] of segments.entries()) {
      if (i < segments.length - 1) {
        dir = await dir.getDirectoryHandle(name);
        continue;
      }
      try {
        return await dir.getFileHandle(name);
      } catch (error) {
        if ((error as Error)?.name !== 'TypeMismatchError') throw error;
        return await dir.getDirectoryHandle(name);
      }
    }
  } catch (error) {
    throw folderError(error, joinPath(segments), folderName);
  }
  return dir;
}

/** A folder's entries in name order; entries whose names could name something else ("..", "a/b") are skipped and counted. */
export async function listDirectory(dir: FolderDirectoryHandle): Promise<{ entries: FolderEntry[]; skipped: number }> {
  const entries: FolderEntry[] = [];
  let skipped = 0;
  for await (const entry of dir.values()) {
    if (isPlainName(entry.name) && (entry.kind === 'file' || entry.kind === 'directory')) entries.push(entry);
    else skipped++;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, skipped };
}

export interface WalkLimits {
  /** Entries visited at most (files and folders). */
  maxEntries: number;
  /** Folders deep at most below the start. */
  maxDepth: number;
}

/** Every entry below `start`, breadth first, with its path from the folder; stops at the limits (`capped`). */
export async function walkFolder(
  start: FolderDirectoryHandle,
  startSegments: readonly string[],
  limits: WalkLimits,
  visit: (entry: FolderEntry, segments: string[]) => Promise<'stop' | void>,
): Promise<{ capped: boolean; skipped: number }> {
  const queue: Array<{ dir: FolderDirectoryHandle; segments: string[] }> = [
    { dir: start, segments: [...startSegments] },
  ];
  let seen = 0;
  let skipped = 0;
  while (queue.length) {
    const { dir, segments } = queue.shift()!;
    const listed = await listDirectory(dir);
    skipped += listed.skipped;
    for (const entry of listed.entries) {
      if (++seen > limits.maxEntries) return { capped: true, skipped };
      const path = [...segments, entry.name];
      if ((await visit(entry, path)) === 'stop') return { capped: true, skipped };
      if (entry.kind === 'directory' && path.length - startSegments.length < limits.maxDepth)
        queue.push({ dir: entry, segments: path });
    }
  }
  return { capped: false, skipped };
}
