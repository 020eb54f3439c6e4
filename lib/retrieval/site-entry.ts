/**
 * One line of a "which sites" list as a person types it ("https://Bank.example/", "*.bank.example",
 * "bücher.de.", "bank.example/login", "/regex/i"), turned into what the privacy policy matches: a domain
 * (lower-case, punycode, no scheme, port, "*." or trailing dot) or a URL pattern; or why it is not a site.
 */
export type SiteEntry = { domain: string } | { pattern: string } | { invalid: string; reason: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/** A host as the index keys it, or undefined when it cannot be one. IDN labels become punycode. */
export function normalizeHost(host: string): string | undefined {
  const bare = host.trim().replace(/^\*\./, '').replace(/\.$/, '');
  if (!bare || /[\s/?#@\\]/.test(bare)) return undefined;
  // The URL parser reads "1.2.3" as the address 1.2.0.3; a person typing digits means a full address.
  if (/^[\d.]+$/.test(bare) && !IPV4.test(bare)) return undefined;
  let hostname: string;
  try {
    hostname = new URL(`http://${bare}`).hostname;
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
  if (IPV4.test(hostname) || hostname === 'localhost') return hostname;
  const labels = hostname.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return undefined;
  return hostname.replace(/^www\./, '');
}

/** Classifies one entry; see SiteEntry. */
export function parseSiteEntry(raw: string): SiteEntry {
  const entry = raw.trim();
  if (!entry) return { invalid: raw, reason: 'empty' };
  const regex = /^\/(.+)\/([a-z]*)$/.exec(entry);
  if (regex) {
    try {
      new RegExp(regex[1]!, regex[2]);
      return { pattern: entry };
    } catch {
      return { invalid: raw, reason: 'not a valid regular expression' };
    }
  }
  if (/\s/.test(entry)) return { invalid: raw, reason: 'spaces are not allowed' };
  const withoutScheme = entry.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  // A "*" anywhere but a leading "*." is a URL pattern, kept as typed.
  if (withoutScheme.replace(/^\*\./, '').includes('*')) return { pattern: entry };
  const cut = withoutScheme.search(/[/?#]/);
  const authority = (cut < 0 ? withoutScheme : withoutScheme.slice(0, cut)).replace(/^[^@]*@/, '');
  const rest = cut < 0 ? '' : withoutScheme.slice(cut);
  const host = normalizeHost(authority.replace(/:\d*$/, ''));
  if (!host) return { invalid: raw, reason: 'not a domain name' };
  // A path narrows the entry to that part of the site: any scheme, that host, that path and below.
  if (rest && rest !== '/') return { pattern: `*://${host}${rest.replace(/\*$/, '')}*` };
  return { domain: host };
}
