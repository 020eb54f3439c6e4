/**
 * What the panel tells the user about a link in an answer before they follow it: where it goes (the host,
 * as the browser will resolve it, IDN in punycode) and whether it carries data a page could have told the
 * model to smuggle out (a long query, many parameters, base64- or hex-looking blobs, credentials).
 * `undefined` for anything that is not an http(s) or mailto URL, or this extension's viewer page at a file of
 * the user's folder, a kept attachment or a team document (a citation, checked by parseViewerUrl): others are not
 * followed at all.
 */
import { t } from './t';
import { formatInteger } from '../../lib/util/format-integer';
import { parseViewerUrl } from '../../lib/tools/folder/viewer-url';

/** This extension's origin (chrome-extension://<id>) where the page is one of its own; '' elsewhere. */
const ownOrigin = () => (globalThis.location?.protocol === 'chrome-extension:' ? globalThis.location.origin : '');
export interface LinkDescription {
  /** The destination shown beside the link: `host[:port]`, or the address of a mailto link. */
  host: string;
  /** Why the link asks for confirmation before it is followed; absent for an ordinary link. */
  suspicious?: string;
  /** The extension's own viewer page showing a file of the user's folder or a kept attachment: it makes no request. */
  internal?: true;
}

/** Query and fragment longer than this are more than an ordinary link needs. */
const MAX_QUERY_CHARS = 100;
const MAX_PARAMS = 5;
/** A run of base64/base64url or hex characters this long is encoded data, not a word. */
const BLOB = /[A-Za-z0-9+/_-]{32,}={0,2}|[0-9a-fA-F]{32,}/;
const looksEncoded = (value: string) => BLOB.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);

export function describeLink(href: string): LinkDescription | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined; // not an absolute URL: the renderer has dropped it already
  }
  if (url.protocol === 'chrome-extension:') {
    const origin = ownOrigin();
    const viewer = origin ? parseViewerUrl(href, origin) : undefined;
    if (!viewer) return undefined;
    return {
      host:
        viewer.source === 'folder'
          ? t('link_viewer', viewer.path)
          : viewer.source === 'team'
            ? t('link_viewer_team')
            : t('link_viewer_attachment'),
      internal: true,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:') return undefined;
  const host = url.protocol === 'mailto:' ? decodeSafely(url.pathname) : url.host;
  return { host, suspicious: findSuspicion(url) };
}

function findSuspicion(url: URL): string | undefined {
  if (url.username || url.password) return t('link_credentials');
  const extra = url.search.length + url.hash.length;
  if (extra > MAX_QUERY_CHARS) return t('link_query', formatInteger(extra));
  const params = [...url.searchParams];
  if (params.length > MAX_PARAMS) return t('link_params', formatInteger(params.length));
  const values = [...params.flat(), decodeSafely(url.hash.slice(1))];
  if (values.some(looksEncoded)) return t('link_encoded');
  return undefined;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed escapes: judge the raw text
  }
}
