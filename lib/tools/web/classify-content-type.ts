/**
 * What fetch_url does with a response, by its Content-Type: read HTML, pass text and JSON, hand documents (PDF,
 * Word, Excel, CSV, Markdown) to the document reader, refuse the rest.
 */
export type ContentKind = 'html' | 'text' | 'json' | 'document' | 'unsupported';

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/x-pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/markdown',
  'text/x-markdown',
]);
/** A server that says only "some bytes" about a file whose address names a document. */
const DOCUMENT_EXTENSION = /\.(pdf|docx|xlsx|csv|md|markdown)$/i;

/** The media type alone (no parameters), lower-cased; '' when there is none. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function classifyContentType(contentType: string | null, path = ''): ContentKind {
  const type = mediaTypeOf(contentType);
  if (DOCUMENT_TYPES.has(type)) return 'document';
  if ((type === 'application/octet-stream' || type === 'binary/octet-stream') && DOCUMENT_EXTENSION.test(path))
    return 'document';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.startsWith('text/')) return 'text';
  // No type at all: the bytes decide (looksBinary), read as text.
  if (type === '') return 'text';
  return 'unsupported';
}

/** A NUL byte in the first KB: not text, whatever the server said. */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 1024);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

/** The charset a Content-Type names, if TextDecoder knows it; UTF-8 otherwise. */
export function charsetOf(contentType: string | null): string {
  const m = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '');
  if (!m) return 'utf-8';
  try {
    return new TextDecoder(m[1]).encoding;
  } catch (error) {
    void error; // an unknown charset name: UTF-8 is the web's default
    return 'utf-8';
  }
}
