/** One history search as Settings → Performance shows it: never the query's text, only a hash of it. */
export interface SearchTrace {
  at: number;
  /** The first 16 hex digits of the query's SHA-256: tells repeated searches apart without keeping what was asked. */
  queryHash: string;
  /** Time to embed the query (0 when the search ran on text alone). */
  embedMs: number;
  /** Time in the index, snippets included. */
  searchMs: number;
  hits: number;
  /** 'hybrid' when the query had a vector, 'text' when the search ran on words alone. */
  mode: 'hybrid' | 'text';
}

/** Hashes a query for its trace (SHA-256, shortened: enough to tell searches apart, too short to be a fingerprint store). */
export async function hashQuery(query: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(query.trim().toLowerCase()));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
