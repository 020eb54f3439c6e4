/** Host of a URL without a leading "www.", lower-cased; '' when the URL does not parse. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch (error) {
    // A capture with a malformed URL is still indexable; it just has no domain to filter on.
    if (error instanceof TypeError) return '';
    throw error;
  }
}

/** Whether `domain` is `filter` or one of its subdomains ("docs.github.com" matches "github.com"). */
export function domainMatches(domain: string, filter: string): boolean {
  const f = filter.toLowerCase().replace(/^www\./, '');
  return domain === f || domain.endsWith('.' + f);
}
