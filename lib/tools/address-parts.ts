/**
 * The address as the data-flow gate reads it: the labels of its host (a secret can ride in a subdomain), its
 * path segments, query keys and values, fragment and credentials, decoded and space-separated, so a secret
 * carried in `?code=…` is matched as a token of its own. The host as a whole is where the address goes, not
 * data it carries: a page that shows its own address does not make every address on that host look copied.
 */
export function addressParts(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    void error; // not a URL: the raw text is what would be sent, and what is compared
    return raw;
  }
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch (error) {
      void error; // a malformed escape: compared as written
      return s;
    }
  };
  const parts = [
    ...url.hostname.split('.'),
    ...url.pathname.split('/'),
    ...[...url.searchParams].flat(),
    url.hash.slice(1),
    url.username,
    url.password,
  ]
    .map(decode)
    .filter(Boolean);
  return parts.join(' ');
}
