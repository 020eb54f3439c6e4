/** The domain and its parents, for the `domains` filter ("docs.github.com" → itself and "github.com", "com"). */
export function domainAncestry(domain: string): string[] {
  if (!domain) return [];
  const parts = domain.split('.');
  return parts.map((_, i) => parts.slice(i).join('.'));
}
