/**
 * What a file is, by its bytes first: a PDF starts with `%PDF-`, Office files are zips holding their own parts,
 * images have their magic numbers. The name and the declared media type only decide between text formats, and
 * a name that says otherwise than the bytes is reported, so "report.pdf" that is really a zip is read as what it
 * is or refused by name, never fed to the wrong parser.
 */
export type DocumentKind =
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'csv'
  | 'markdown'
  | 'text'
  | 'html'
  | 'json'
  | 'png'
  | 'jpeg'
  | 'webp'
  | 'gif'
  | 'unsupported';

export const IMAGE_KINDS = new Set<DocumentKind>(['png', 'jpeg', 'webp', 'gif']);

export interface SniffedKind {
  kind: DocumentKind;
  /** Set when the name or declared type says one thing and the bytes another: what was claimed. */
  claimed?: DocumentKind;
  /** For `unsupported`: what it looked like, for the message (e.g. "a ZIP archive", "application/x-msdownload"). */
  looksLike?: string;
}

const startsWith = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The kind a file name or media type claims, if it names one. */
export function claimedKind(name: string, mediaType: string): DocumentKind | undefined {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const byType: Record<string, DocumentKind> = {
    'application/pdf': 'pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    'text/csv': 'csv',
    'text/markdown': 'markdown',
    'text/x-markdown': 'markdown',
    'text/html': 'html',
    'application/xhtml+xml': 'html',
    'application/json': 'json',
    'text/plain': 'text',
    'image/png': 'png',
    'image/jpeg': 'jpeg',
    'image/webp': 'webp',
    'image/gif': 'gif',
  };
  const byExt: Record<string, DocumentKind> = {
    pdf: 'pdf',
    docx: 'docx',
    xlsx: 'xlsx',
    csv: 'csv',
    md: 'markdown',
    markdown: 'markdown',
    txt: 'text',
    text: 'text',
    log: 'text',
    html: 'html',
    htm: 'html',
    json: 'json',
    png: 'png',
    jpg: 'jpeg',
    jpeg: 'jpeg',
    webp: 'webp',
    gif: 'gif',
  };
  return byExt[ext] ?? byType[type];
}

/** Names of the parts a zip holds tell an Office document from any other zip (read from the central directory). */
function officeKindOfZip(names: string[]): DocumentKind | undefined {
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  return undefined;
}

/** A NUL in the first KB, or bytes that are not UTF-8: not text. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the 4 KB boundary is not an error: decode in streaming mode.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Sniffs `bytes` (the whole file, or at least its first 64 KB and, for zips, the central directory via
 * `zipEntryNames`). `name` and `mediaType` may be empty.
 */
export function sniffDocumentKind(
  bytes: Uint8Array,
  name: string,
  mediaType: string,
  zipEntryNames: (bytes: Uint8Array) => string[] | undefined,
): SniffedKind {
  const claimed = claimedKind(name, mediaType);
  const withClaim = (kind: DocumentKind, looksLike?: string): SniffedKind => ({
    kind,
    ...(claimed && claimed !== kind && !(isTextual(claimed) && isTextual(kind)) ? { claimed } : {}),
    ...(looksLike ? { looksLike } : {}),
  });
  // %PDF- may follow a little junk (the spec allows the header within the first 1024 bytes).
  if (ascii(bytes, 0, Math.min(bytes.length, 1024)).includes('%PDF-')) return withClaim('pdf');
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return withClaim('png');
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return withClaim('jpeg');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return withClaim('webp');
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return withClaim('gif');
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06)) {
    const names = zipEntryNames(bytes);
    const office = names ? officeKindOfZip(names) : undefined;
    return office ? withClaim(office) : withClaim('unsupported', 'a ZIP archive that is not a Word or Excel file');
  }
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0))
    return withClaim('unsupported', 'an old binary Office file (.doc or .xls): save it as .docx or .xlsx');
  if (!looksLikeText(bytes)) return withClaim('unsupported', 'binary data');
  if (claimed && isTextual(claimed)) return { kind: claimed };
  const head = ascii(bytes, 0, Math.min(bytes.length, 512)).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return withClaim('html');
  return claimed && !isTextual(claimed) ? withClaim('text') : { kind: 'text' };
}

function isTextual(kind: DocumentKind): boolean {
  return kind === 'csv' || kind === 'markdown' || kind === 'text' || kind === 'html' || kind === 'json';
}

/** How the kind is named to a person and to the model. */
export function describeKind(kind: DocumentKind): string {
  const names: Record<DocumentKind, string> = {
    pdf: 'PDF',
    docx: 'Word document',
    xlsx: 'Excel workbook',
    csv: 'CSV file',
    markdown: 'Markdown file',
    text: 'text file',
    html: 'HTML page',
    json: 'JSON file',
    png: 'PNG image',
    jpeg: 'JPEG image',
    webp: 'WebP image',
    gif: 'GIF image',
    unsupported: 'file',
  };
  return names[kind];
}
