/** What fetch_url does with a response, by its Content-Type: read HTML, pass text and JSON, refuse the rest. */
export type ContentKind = 'html' | 'text' | 'json' | 'unsupported';

/** The media type alone (no parameters), lower-cased; '' when there is none. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function classifyContentType(contentType: string | null): ContentKind {
  const type = mediaTypeOf(contentType);
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
