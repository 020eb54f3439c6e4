/**
 * One file of the chosen folder as text: plain text, Markdown and JSON decoded here, documents (PDF, Word,
 * Excel, CSV, HTML) read by the offscreen document's reader. read_file, the folder's indexing and the viewer
 * page all read a file through this, so the text the index cites is the text the viewer shows.
 */
import { describeKind, sniffDocumentKind, type DocumentKind } from '../../documents/document-kind';
import { readZipDirectory } from '../../documents/read-zip-directory';
import { ToolError } from '../tool-error';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_CHARS, type ReadDocumentFile } from '../web/read-document-response';
import type { FolderFileHandle } from './folder-handle';

/** Kinds decoded as they are, without the document reader. */
const PLAIN_KINDS = new Set<DocumentKind>(['text', 'markdown', 'json']);
/** Kinds the reader turns into text (images and unknown bytes are not text). */
const READABLE_KINDS = new Set<DocumentKind>(['pdf', 'docx', 'xlsx', 'csv', 'html', ...PLAIN_KINDS]);

export const mb = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

/** A file's text and what it is. */
export interface FolderFileText {
  file: File;
  kind: DocumentKind;
  /** What the kind is called ("PDF", "text file"). */
  type: string;
  title: string;
  text: string;
  notes: string[];
}

/** Whether a file of this kind has text to read (and to index). */
export const isReadableKind = (kind: DocumentKind) => READABLE_KINDS.has(kind);

/** The kind of a file's bytes, by what they are and then by the name. */
export const kindOf = (bytes: Uint8Array, name: string) =>
  sniffDocumentKind(bytes, name, '', (b) => readZipDirectory(b)?.map((e) => e.name)).kind;

/**
 * Reads `entry` (`path` names it in messages and in the reader's URL). A file over DOCUMENT_MAX_BYTES is
 * refused by its size before any byte is read; with `onlyText`, a file that is not text (an image, a binary) is
 * refused by its kind before the reader sees it.
 */
export async function readFolderFile(
  entry: FolderFileHandle,
  segments: readonly string[],
  readDocument: ReadDocumentFile | undefined,
  options: { file?: File; onlyText?: boolean } = {},
): Promise<FolderFileText> {
  const shown = segments.join('/');
  const file = options.file ?? (await entry.getFile());
  if (file.size > DOCUMENT_MAX_BYTES)
    throw new ToolError(
      `Could not read ${shown}: it is ${mb(file.size)}, and files of at most ${mb(DOCUMENT_MAX_BYTES)} are read.`,
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = kindOf(bytes, entry.name);
  if (PLAIN_KINDS.has(kind))
    return {
      file,
      kind,
      type: describeKind(kind),
      title: entry.name,
      text: new TextDecoder().decode(bytes),
      notes: [],
    };
  if (options.onlyText && !READABLE_KINDS.has(kind))
    throw new ToolError(`Could not read ${shown}: a ${describeKind(kind)} has no text.`);
  if (!readDocument) throw new ToolError(`Could not read ${shown}: documents cannot be read here.`);
  const doc = await readDocument({
    bytes,
    name: entry.name,
    mediaType: file.type,
    url: `folder:///${segments.map(encodeURIComponent).join('/')}`,
    maxChars: DOCUMENT_MAX_CHARS,
  });
  const notes = [...doc.notes];
  if (doc.truncated)
    notes.push(
      `The document is longer than ${DOCUMENT_MAX_CHARS} characters of text: only the first ${DOCUMENT_MAX_CHARS} can be read.`,
    );
  return { file, kind, type: describeKind(kind), title: doc.title || entry.name, text: doc.text, notes };
}
