/**
 * lib/tools/web: the tools that reach past the open tabs (fetch_url, web_search). This file decides which
 * addresses fetch_url may ask for at all, before anyone is asked to approve them.
 */
import { ToolError } from '../tool-error';

/** Where an address points, for the approval card: a server on this computer or on the local network is said so. */
export type NetworkPlace = 'this-computer' | 'local-network' | 'internet';

/**
 * The URL fetch_url will request, or a ToolError the model reads. Only http(s); no user name or password in
 * the address (they would be sent as credentials); plain http only to this computer, as the extension's CSP
 * allows (`connect-src https: http://127.0.0.1:* http://localhost:*`), so a public http:// address is
 * upgraded to https:// (`upgraded` says so).
 */
export function parseFetchUrl(raw: string): { url: URL; upgraded: boolean } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch (error) {
    void error; // the message below is what the model needs
    throw new ToolError(
      `Refused: "${raw.slice(0, 200)}" is not an absolute web address. Give a full URL starting with https://.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ToolError(`Refused: fetch_url reads only http and https addresses, not ${url.protocol} ones.`);
  }
  if (url.username || url.password)
    throw new ToolError('Refused: the address carries a user name or password; fetch_url never sends credentials.');
  url.hash = '';
  if (url.protocol === 'http:' && placeOf(url.hostname) !== 'this-computer') {
    url.protocol = 'https:';
    return { url, upgraded: true };
  }
  return { url, upgraded: false };
}

/** Whether `hostname` (as URL gives it: IPv6 in brackets) is this computer, the local network, or the internet. */
export function placeOf(hostname: string): NetworkPlace {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\./.test(host) ||
    host === '0.0.0.0'
  )
    return 'this-computer';
  if (
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^169\.254\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  )
    return 'local-network';
  if (/^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) return 'local-network';
  if (host.endsWith('.local') || host.endsWith('.internal') || host.endsWith('.lan') || !host.includes('.'))
    return 'local-network';
  return 'internet';
}
