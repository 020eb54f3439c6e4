/**
 * The address of a folder document, or of an attached file the user kept, in the extension's viewer page, and the
 * one check of such an address: the index keys the document by it, its citations add `#passage=…`, and the panel
 * opens a link to the viewer only when this check passes (the extension's own origin, the viewer page, one `path`
 * that stays inside the folder or one `attachment` id, an optional passage of bounded length, nothing else).
 */
import { folderPathSegments, isPlainName, joinPath } from './folder-path';

export const VIEWER_PAGE = '/viewer.html';
/** Characters of a passage a viewer address may carry. */
export const MAX_VIEWER_PASSAGE = 1000;

/** The viewer's address of the file at `segments` (`origin`: chrome-extension://<id>). */
export function folderDocumentUrl(origin: string, segments: readonly string[]): string {
  return `${origin}${VIEWER_PAGE}?path=${encodeURIComponent(joinPath(segments))}`;
}

/** The viewer's address of an attached file (its id in the attachments store). */
export function attachmentDocumentUrl(origin: string, id: string): string {
  return `${origin}${VIEWER_PAGE}?attachment=${encodeURIComponent(id)}`;
}

/** An attachment id a viewer address may name (what crypto.randomUUID and earlier exports write). */
export const isViewerAttachmentId = (id: string): boolean => /^[A-Za-z0-9_-]{1,200}$/.test(id);

/**
 * The viewer's address of a team document's passage (a team citation): the viewer asks the background for the
 * server's short-lived view link and the tab goes there. `passage` and `position` are the search hit's citation.
 */
export function teamDocumentUrl(origin: string, cite: { documentId: string; passage: number; position: number }) {
  return `${origin}${VIEWER_PAGE}?team=${encodeURIComponent(cite.documentId)}#passage=${cite.passage}.${cite.position}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a viewer address asks to show: a file of the folder, a kept attachment, or a team document. */
export type ViewerTarget =
  | {
      source: 'folder';
      segments: string[];
      /** The path as the tools write it ("notes/plan.md"). */
      path: string;
      /** The passage to scroll to and highlight. */
      passage?: string;
    }
  | { source: 'attachment'; id: string; passage?: string }
  | { source: 'team'; documentId: string; passage?: undefined; cite?: { passage: number; position?: number } };

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined; // malformed escapes: not an address we made
  }
};

/** The file and passage a viewer address names, or undefined for anything else (then it is not opened). */
export function parseViewerUrl(href: string, origin: string): ViewerTarget | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined; // not an absolute address
  }
  // `URL.origin` is "null" for chrome-extension: in some runtimes; scheme and host say the same.
  if (`${url.protocol}//${url.host}` !== origin || url.username || url.password || url.port) return undefined;
  if (url.pathname !== VIEWER_PAGE) return undefined;
  const params = [...url.searchParams.keys()];
  if (params.length !== 1 || !['path', 'attachment', 'team'].includes(params[0]!)) return undefined;
  if (params[0] === 'team') return parseTeamTarget(url);
  let passage: string | undefined;
  if (url.hash) {
    const m = /^#passage=([^&#]*)$/.exec(url.hash);
    const decoded = m ? decode(m[1]!) : undefined;
    if (decoded === undefined || decoded.length > MAX_VIEWER_PASSAGE) return undefined;
    passage = decoded;
  }
  const at = passage ? { passage } : {};
  if (params[0] === 'attachment') {
    const id = url.searchParams.get('attachment') ?? '';
    return isViewerAttachmentId(id) ? { source: 'attachment', id, ...at } : undefined;
  }
  const path = url.searchParams.get('path') ?? '';
  let segments: string[];
  try {
    segments = folderPathSegments(path, 'folder');
  } catch {
    return undefined; // escapes the folder: refused
  }
  if (segments.length === 0 || !segments.every(isPlainName)) return undefined;
  return { source: 'folder', segments, path: joinPath(segments), ...at };
}

/** A team document's address: one id, and a passage (and chunk) as numbers, or nothing. */
function parseTeamTarget(url: URL): ViewerTarget | undefined {
  const documentId = url.searchParams.get('team') ?? '';
  if (!UUID.test(documentId)) return undefined;
  if (!url.hash) return { source: 'team', documentId };
  const m = /^#passage=(\d{1,6})(?:\.(\d{1,8}))?$/.exec(url.hash);
  if (!m) return undefined;
  const passage = Number(m[1]);
  return { source: 'team', documentId, cite: m[2] ? { passage, position: Number(m[2]) } : { passage } };
}
