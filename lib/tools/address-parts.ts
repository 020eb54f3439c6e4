/**
 * The address as the data-flow gate reads it: the whole URL, then its path segments, query values and
 * fragment, decoded and space-separated, so a secret carried in `?code=…` is matched as a token of its own.
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
    ...url.pathname.split('/'),
    ...[...url.searchParams].flat(),
    url.hash.slice(1),
    url.username,
    url.password,
  ]
    .map(decode)
    .filter(Boolean);
  return [raw, ...parts].join(' ');
}
