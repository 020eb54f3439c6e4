/** A domain as the index keys it: lower-cased, without a leading "www.". */
export const normalizeDomain = (domain: string): string => domain.toLowerCase().replace(/^www\./, '');

/** Host of a URL without a leading "www.", lower-cased; '' when the URL does not parse. */
export function domainOf(url: string): string {
  try {
    return normalizeDomain(new URL(url).hostname);
  } catch (error) {
    // A capture with a malformed URL is still indexable; it just has no domain to filter on.
    if (error instanceof TypeError) return '';
    throw error;
  }
}

/** Whether `domain` is `filter` or one of its subdomains ("docs.github.com" matches "github.com"). */
export function domainMatches(domain: string, filter: string): boolean {
  const f = normalizeDomain(filter);
  return domain === f || domain.endsWith('.' + f);
}
