/**
 * The folder tools: list_files, stat_file, read_file and search_files over the one folder the user picked in
 * Settings → Documents. Read-only, offered only while a folder is picked, and every path goes through
 * folder-path.ts (anything outside the folder is refused). What a file says, and its name, is untrusted data
 * for the model like page text. They run in the worker, which uses the stored handle (it cannot show a picker);
 * documents (PDF, Word, Excel, CSV, HTML) are read by the offscreen document's reader.
 */
import { z } from 'zod';
import { describeKind, sniffDocumentKind } from '../../documents/document-kind';
import { sliceText } from '../../page/slice-text';
import { defineTool, type ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { oncePerOffer } from '../once-per-offer';
import type { ReadDocumentFile } from '../web/read-document-response';
import {
  folderError,
  listDirectory,
  needsPermissionMessage,
  openFolderEntry,
  walkFolder,
  type FolderEntry,
} from './folder-entries';
import { folderPermission, type FolderDirectoryHandle, type FolderFileHandle } from './folder-handle';
import { mb, readFolderFile } from './read-folder-file';
import { folderPathSegments, joinPath } from './folder-path';

/** Characters one read_file call answers at most ("512 KB per read"). */
export const FOLDER_READ_MAX_CHARS = 512_000;
export const FOLDER_READ_DEFAULT_CHARS = 20_000;
/** search_files: matches answered at most, and files larger than this are not searched. */
export const FOLDER_SEARCH_MAX_MATCHES = 200;
export const FOLDER_SEARCH_MAX_FILE_BYTES = 1_000_000;
/** Bytes one search reads in all, at most (a folder of many large text files is searched in part, and says so). */
export const FOLDER_SEARCH_MAX_TOTAL_BYTES = 50_000_000;
/** Entries list_files answers at most, and entries a walk visits at most. */
export const FOLDER_LIST_MAX_ENTRIES = 500;
const WALK_LIMITS = { maxEntries: 20_000, maxDepth: 16 };
const LINE_CHARS = 240;
const TEXT_KINDS = new Set(['text', 'markdown', 'json', 'csv', 'html']);

export interface FolderToolDeps {
  /** The picked folder, if any (read from the folder store each call: the user may change it in Settings). */
  folder(): Promise<{ handle: FolderDirectoryHandle; name: string } | undefined>;
  /** Reads a document's bytes (PDF, Word, Excel, CSV, HTML) in the offscreen document. */
  readDocument?: ReadDocumentFile;
}

const path = z.string().max(4096);
export const listFilesInput = z.object({
  path: path.optional().describe('Folder inside the chosen folder; default its top.'),
  recursive: z.boolean().optional().describe('Also list sub-folders, depth first by name. Default false.'),
});
export const statFileInput = z.object({ path });
export const readFileInput = z.object({
  path,
  offset: z.number().int().min(0).optional().describe('nextOffset of the previous call.'),
  maxChars: z
    .number()
    .int()
    .min(500)
    .max(FOLDER_READ_MAX_CHARS)
    .optional()
    .describe(`Default ${FOLDER_READ_DEFAULT_CHARS}.`),
});
export const searchFilesInput = z.object({
  query: z.string().trim().min(1).max(200).describe('Text to find, case-insensitive (not a pattern).'),
  path: path.optional().describe('Folder to search in; default the whole chosen folder.'),
});

interface Opened {
  root: FolderDirectoryHandle;
  name: string;
}

async function openFolder(deps: FolderToolDeps, ctx: ToolContext): Promise<Opened> {
  const folder = await deps.folder();
  if (!folder) throw new ToolError('No folder is chosen. The user can pick one in Tabwise settings → Documents.');
  if ((await folderPermission(folder.handle)) !== 'granted') throw new ToolError(needsPermissionMessage(folder.name));
  // Names and text of the folder are the user's files: a later write of them to a site is flagged on its card.
  ctx.reportRead?.({ origin: `folder:${folder.name}` });
  return { root: folder.handle, name: folder.name };
}

/** The entry a tool's `path` names, of the kind the tool wants, and a guard that names it in any error. */
interface Resolved<E> extends Opened {
  segments: string[];
  /** The path as the tools answer it. */
  shown: string;
  entry: E;
  /** Runs `work`, turning a File System Access error into one the model reads, naming the path. */
  guard<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The one way the tools walk from the chosen folder to the entry a path names: open the folder (asking nothing
 * when it is not chosen or not allowed), resolve the path inside it, open the entry and check its kind.
 */
async function resolveEntry(
  deps: FolderToolDeps,
  ctx: ToolContext,
  path: string,
  want: 'file',
): Promise<Resolved<FolderFileHandle>>;
async function resolveEntry(
  deps: FolderToolDeps,
  ctx: ToolContext,
  path: string,
  want: 'directory',
): Promise<Resolved<FolderDirectoryHandle>>;
async function resolveEntry(
  deps: FolderToolDeps,
  ctx: ToolContext,
  path: string,
  want: 'any',
): Promise<Resolved<FolderEntry>>;
async function resolveEntry(
  deps: FolderToolDeps,
  ctx: ToolContext,
  path: string,
  want: 'file' | 'directory' | 'any',
): Promise<Resolved<FolderEntry>> {
  const opened = await openFolder(deps, ctx);
  const segments = folderPathSegments(path, opened.name);
  const shown = joinPath(segments);
  const entry = await openFolderEntry(opened.root, segments, opened.name);
  if (want === 'directory' && entry.kind !== 'directory')
    throw new ToolError(`"${shown}" is a file: read it with read_file.`);
  if (want === 'file' && entry.kind !== 'file')
    throw new ToolError(`"${shown || '.'}" is a folder: list it with list_files.`);
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw folderError(error, shown, opened.name);
    }
  };
  return { ...opened, segments, shown, entry, guard };
}

const iso = (ms: number) => new Date(ms).toISOString();

async function fileFacts(handle: { getFile(): Promise<File> }) {
  const file = await handle.getFile();
  return { size: file.size, modified: iso(file.lastModified) };
}

/** Creates the four tools. */
export function createFolderTools(deps: FolderToolDeps) {
  const offered = oncePerOffer(async () => (await deps.folder()) !== undefined);
  const common = { readOnly: true, untrustedOutput: 'page_content' as const, offered };
  return [
    defineTool({ name: 'list_files', input: listFilesInput, ...common, execute: (i, ctx) => listFiles(deps, i, ctx) }),
    defineTool({ name: 'stat_file', input: statFileInput, ...common, execute: (i, ctx) => statFile(deps, i, ctx) }),
    defineTool({
      name: 'read_file',
      input: readFileInput,
      ...common,
      timeoutMs: 90_000,
      execute: (i, ctx) => readFile(deps, i, ctx),
    }),
    defineTool({
      name: 'search_files',
      input: searchFilesInput,
      ...common,
      timeoutMs: 60_000,
      execute: (i, ctx) => searchFiles(deps, i, ctx),
    }),
  ];
}

export interface FolderListEntry {
  path: string;
  kind: 'file' | 'directory';
  size?: number;
  modified?: string;
}

/** list_files's output. */
export interface ListFilesOutput {
  folder: string;
  path: string;
  entries: FolderListEntry[];
  notes?: string[];
}

async function listFiles(
  deps: FolderToolDeps,
  input: z.output<typeof listFilesInput>,
  ctx: ToolContext,
): Promise<ListFilesOutput> {
  const { name, segments, entry: start, guard } = await resolveEntry(deps, ctx, input.path ?? '', 'directory');
  const entries: FolderListEntry[] = [];
  const notes: string[] = [];
  const add = async (entry: FolderEntry, at: string[]) => {
    if (entries.length >= FOLDER_LIST_MAX_ENTRIES) return 'stop' as const;
    entries.push({
      path: joinPath(at),
      kind: entry.kind,
      ...(entry.kind === 'file' ? await fileFacts(entry) : {}),
    });
  };
  const { skipped, capped } = await guard(async () => {
    if (input.recursive) return walkFolder(start, segments, WALK_LIMITS, add);
    const listed = await listDirectory(start);
    let stopped = false;
    for (const entry of listed.entries) if ((await add(entry, [...segments, entry.name])) === 'stop') stopped = true;
    return { skipped: listed.skipped, capped: stopped };
  });
  if (capped) notes.push(`Only the first ${entries.length} entries are listed: list a sub-folder for the rest.`);
  if (skipped) notes.push(`${skipped} entries with names that are not plain file names were left out.`);
  return { folder: name, path: joinPath(segments), entries, ...(notes.length ? { notes } : {}) };
}

/** stat_file's output. */
export interface StatFileOutput {
  folder: string;
  path: string;
  kind: 'file' | 'directory';
  size?: number;
  modified?: string;
  /** What the file is by its name ("PDF", "text file"). */
  type?: string;
  /** A folder's entry count. */
  entries?: number;
}

async function statFile(
  deps: FolderToolDeps,
  input: z.output<typeof statFileInput>,
  ctx: ToolContext,
): Promise<StatFileOutput> {
  const { name, shown, entry, guard } = await resolveEntry(deps, ctx, input.path, 'any');
  const base = { folder: name, path: shown, kind: entry.kind };
  return guard(async () => {
    if (entry.kind === 'directory') return { ...base, entries: (await listDirectory(entry)).entries.length };
    const file = await entry.getFile();
    const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
    const kind = sniffDocumentKind(head, entry.name, file.type, () => undefined).kind;
    return { ...base, size: file.size, modified: iso(file.lastModified), type: describeKind(kind) };
  });
}

/** read_file's output: a window of the file's text, as fetch_url answers a page's. */
export interface ReadFileOutput {
  folder: string;
  path: string;
  title: string;
  type: string;
  size: number;
  modified: string;
  markdown: string;
  totalChars: number;
  offset: number;
  nextOffset?: number;
  notes?: string[];
}

async function readFile(
  deps: FolderToolDeps,
  input: z.output<typeof readFileInput>,
  ctx: ToolContext,
): Promise<ReadFileOutput> {
  const { name, segments, shown, entry, guard } = await resolveEntry(deps, ctx, input.path, 'file');
  const file = await guard(() => entry.getFile());
  let read: Awaited<ReturnType<typeof readFolderFile>>;
  try {
    read = await readFolderFile(entry, segments, deps.readDocument, { file });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    if (error instanceof ToolError) throw error;
    const fsName = (error as Error | undefined)?.name ?? '';
    // A File System Access failure names the path; a reader's failure (its message names the file) is passed on.
    if (/^(NotFound|NotAllowed|Security|TypeMismatch|NotReadable)Error$/.test(fsName))
      throw folderError(error, shown, name);
    throw new ToolError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const { text, title, notes } = read;
  const offset = Math.min(input.offset ?? 0, text.length);
  const slice = sliceText(text, offset, input.maxChars ?? FOLDER_READ_DEFAULT_CHARS);
  if (slice.nextOffset !== undefined)
    notes.push(
      `Capped: this is characters ${offset} to ${slice.nextOffset} of ${text.length}. Call again with offset ${slice.nextOffset} for more, only if the question needs it.`,
    );
  return {
    folder: name,
    path: shown,
    title: title || entry.name,
    type: read.type,
    size: file.size,
    modified: iso(file.lastModified),
    markdown: slice.text,
    totalChars: text.length,
    offset,
    ...(slice.nextOffset !== undefined ? { nextOffset: slice.nextOffset } : {}),
    ...(notes.length ? { notes } : {}),
  };
}

export interface FolderMatch {
  path: string;
  /** 1-based line number. */
  line: number;
  text: string;
}

/** search_files's output. */
export interface SearchFilesOutput {
  folder: string;
  query: string;
  matches: FolderMatch[];
  filesSearched: number;
  notes?: string[];
}

/** The line around the match, at most LINE_CHARS long. */
function lineAround(line: string, at: number, length: number): string {
  if (line.length <= LINE_CHARS) return line.trim();
  const start = Math.max(0, Math.min(at - Math.floor((LINE_CHARS - length) / 2), line.length - LINE_CHARS));
  return `${start > 0 ? '…' : ''}${line.slice(start, start + LINE_CHARS).trim()}${start + LINE_CHARS < line.length ? '…' : ''}`;
}

async function searchFiles(
  deps: FolderToolDeps,
  input: z.output<typeof searchFilesInput>,
  ctx: ToolContext,
): Promise<SearchFilesOutput> {
  const { name, segments, entry: start, guard } = await resolveEntry(deps, ctx, input.path ?? '', 'directory');
  const needle = input.query.toLowerCase();
  const matches: FolderMatch[] = [];
  let searched = 0;
  let tooLarge = 0;
  let notText = 0;
  let full = false;
  let budgetSpent = false;
  let bytesRead = 0;
  const walk = await guard(() =>
    walkFolder(start, segments, WALK_LIMITS, async (entry, at) => {
      if (ctx.signal.aborted) return 'stop';
      if (entry.kind !== 'file') return;
      const file = await entry.getFile();
      if (file.size > FOLDER_SEARCH_MAX_FILE_BYTES) {
        tooLarge++;
        return;
      }
      if (bytesRead + file.size > FOLDER_SEARCH_MAX_TOTAL_BYTES) {
        budgetSpent = true;
        return 'stop';
      }
      bytesRead += file.size;
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!TEXT_KINDS.has(sniffDocumentKind(bytes, entry.name, '', () => undefined).kind)) {
        notText++;
        return;
      }
      searched++;
      const lines = new TextDecoder().decode(bytes).split(/\r?\n/);
      for (const [i, line] of lines.entries()) {
        const found = line.toLowerCase().indexOf(needle);
        if (found < 0) continue;
        if (matches.length >= FOLDER_SEARCH_MAX_MATCHES) {
          full = true;
          return 'stop';
        }
        matches.push({ path: joinPath(at), line: i + 1, text: lineAround(line, found, needle.length) });
      }
    }),
  );
  if (ctx.signal.aborted) throw new ToolError('Stopped.');
  const notes: string[] = [];
  if (full)
    notes.push(
      `Only the first ${FOLDER_SEARCH_MAX_MATCHES} matches are listed: search a sub-folder or a longer phrase.`,
    );
  else if (budgetSpent)
    notes.push(
      `Only the first ${mb(FOLDER_SEARCH_MAX_TOTAL_BYTES)} of files were searched: search a sub-folder for the rest.`,
    );
  else if (walk.capped)
    notes.push(`The folder has more than ${WALK_LIMITS.maxEntries} entries: only the first were searched.`);
  if (tooLarge) notes.push(`${tooLarge} files larger than ${mb(FOLDER_SEARCH_MAX_FILE_BYTES)} were not searched.`);
  if (notText)
    notes.push(
      `${notText} files that are not plain text (PDF, Word, Excel, images...) were not searched: read them with read_file.`,
    );
  if (walk.skipped) notes.push(`${walk.skipped} entries with names that are not plain file names were left out.`);
  return { folder: name, query: input.query, matches, filesSearched: searched, ...(notes.length ? { notes } : {}) };
}
