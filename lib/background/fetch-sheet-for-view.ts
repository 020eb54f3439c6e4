/**
 * sheets.fetch: the reader page (entrypoints/sheet) showing a cited row range of a spreadsheet on the web asks
 * the worker for its bytes, as following the citation's link would: the address passed the panel's link gate
 * (the egress check of the conversation) before the page opened, and is checked here again with fetch_url's
 * rules (http(s) only, no credentials, plain http only to this computer). No cookies, no referrer, at most the
 * document reader's byte limit. The bytes go to the transfers store (messages carry JSON only); the page takes them.
 */
import { UserFacingError } from '../messaging/user-facing-error';
import type { DocumentTransfers } from '../storage/document-blobs';
import { parseFetchUrl } from '../tools/web/fetch-url-policy';
import { readCappedBody } from '../tools/web/read-capped-body';
import { DOCUMENT_MAX_BYTES } from '../tools/web/read-document-response';
import { t } from '../util/t';

export interface FetchedSheet {
  transferId: string;
  name: string;
  mediaType: string;
}

const TIMEOUT_MS = 30_000;

/** The file's name as the address gives it (its last path segment). */
const nameOf = (url: URL) => decodeURIComponent(url.pathname.split('/').pop() || url.hostname).slice(0, 200);

export function createSheetFetch(deps: {
  fetch: typeof fetch;
  transfers: Pick<DocumentTransfers, 'put'>;
}): (request: { url: string }) => Promise<FetchedSheet> {
  return async (request) => {
    let url: URL;
    try {
      url = parseFetchUrl(request.url).url;
    } catch (error) {
      throw new UserFacingError('invalid_input', error instanceof Error ? error.message : String(error));
    }
    const name = nameOf(url);
    const response = await deps
      .fetch(url.href, {
        credentials: 'omit',
        redirect: 'follow',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      .catch((error: unknown) => {
        throw new UserFacingError('network', t('sheet_fetch_failed', url.href, String(error)));
      });
    if (!response.ok) {
      await response.body
        ?.cancel()
        .catch((error: unknown) => console.warn('Tabwise: dropping a response body failed', error));
      throw new UserFacingError('network', t('sheet_fetch_failed', url.href, String(response.status)));
    }
    const body = await readCappedBody(response, DOCUMENT_MAX_BYTES);
    if (body.truncated) throw new UserFacingError('too_large', t('sheet_too_large', name));
    const mediaType = response.headers.get('content-type') ?? '';
    const transferId = await deps.transfers.put({ bytes: body.bytes, name, mediaType });
    return { transferId, name, mediaType };
  };
}
