/**
 * The one path resolver of the folder tools: a path the model wrote becomes the names to walk from the chosen
 * folder, or is refused. Paths are relative to the folder ("notes/plan.md"); an absolute path ("/etc/passwd",
 * "C:\\x", "~/x", "file:///x"), a ".." anywhere, a backslash or a control character is refused before any handle
 * is touched, so nothing the model writes can name a file outside the folder. The File System Access API refuses
 * such names too; this does not rely on it.
 */
import { ToolError } from '../tool-error';

/** At most this many names deep (a path longer than that is no real file's). */
export const MAX_PATH_DEPTH = 32;

/** True for a name one entry of a folder may have: not empty, not "." or "..", no separator or control character. */
export function isPlainName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name !== '' && name !== '.' && name !== '..' && !/[/\\\u0000-\u001f\u007f]/.test(name);
}

/** The names from the folder down to `path` ([] for the folder itself: "", ".", "./"). Throws a ToolError when it escapes. */
export function folderPathSegments(path: string, folderName: string): string[] {
  const refuse = (why: string): never => {
    throw new ToolError(
      `Refused: "${path}" ${why}. Paths are relative to the folder "${folderName}", like "notes/plan.md", and stay inside it.`,
    );
  };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) refuse('has a control character');
  if (path.includes('\\')) refuse('has a backslash (use "/" between folders)');
  const trimmed = path.trim();
  if (/^[/~]/.test(trimmed) || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) refuse('is an absolute path');
  const segments = trimmed.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) refuse('goes up out of the folder with ".."');
  if (segments.length > MAX_PATH_DEPTH) refuse(`is more than ${MAX_PATH_DEPTH} folders deep`);
  return segments;
}

/** The path of `segments` as the tools answer it ("notes/plan.md"; "" is the folder itself). */
export const joinPath = (segments: readonly string[]): string => segments.join('/');
