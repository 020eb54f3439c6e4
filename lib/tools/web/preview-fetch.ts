import { t } from '../../util/t';
import { parseFetchUrl, placeOf } from './fetch-url-policy';

/** fetch_url's approval card: the address, and plainly where the server is when it is not on the internet. */
export function previewFetch(raw: string): string {
  const { url } = parseFetchUrl(raw);
  const place = placeOf(url.hostname);
  const where =
    place === 'this-computer'
      ? [t('preview_fetch_this_computer', url.host)]
      : place === 'local-network'
        ? [t('preview_fetch_local_network', url.host)]
        : [];
  return [t('preview_fetch_read', url.href), ...where, t('preview_fetch_no_cookies')].join('\n');
}
