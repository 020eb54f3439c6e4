/** Deletion and eviction over one index: pure bookkeeping, the caller persists and forgets vectors. */
import { domainMatches } from '../domain-of';
import type { DeleteTarget } from '../offscreen-protocol';
import { pageKeyOf } from '../page-key';
import type { PageSummary } from '../page-summary';
import { embeddedTextsOf } from './forget-vectors';
import type { HybridIndex } from './hybrid-index-types';

/** What a removal took: chunks, page URLs, and the removed chunks' embedded texts (for forgetVectors). */
export interface Removed {
  chunks: number;
  urls: string[];
  texts: string[];
}

/** Deletes the target's pages from `index`. No texts for 'all': the whole cache is cleared then. */
export async function removePages(index: HybridIndex, target: DeleteTarget): Promise<Removed> {
  const pages = index.listPages();
  const hit = (p: PageSummary) =>
    target.kind === 'all' ||
    (target.kind === 'page' && p.url === pageKeyOf(target.url)) ||
    (target.kind === 'domain' && domainMatches(p.domain, target.domain)) ||
    (target.kind === 'range' && p.visitedAt >= target.since && p.visitedAt <= target.until) ||
    (target.kind === 'source' && p.kind === target.source);
  const urls = pages.filter(hit).map((p) => p.url);
  if (target.kind === 'all') {
    const chunks = index.size;
    index.clear();
    return { chunks, urls, texts: [] };
  }
  // Every page's texts are read (from memory or IndexedDB, all at once) before the pages go, together.
  const texts = (await Promise.all(urls.map((u) => embeddedTextsOf(index, u)))).flat();
  let chunks = 0;
  for (const u of urls) chunks += index.deletePage(u);
  return { chunks, urls, texts };
}

/** Retention and size cap: drops visits before `before`, then the oldest pages until `maxChunks` holds. */
export async function evictPages(index: HybridIndex, before: number, maxChunks: number): Promise<Removed> {
  const old = await removePages(index, { kind: 'range', since: -Infinity, until: before - 1 });
  if (index.size <= maxChunks) return old;
  // The oldest pages whose chunks bring the index within the cap.
  const drop: string[] = [];
  let size = index.size;
  for (const p of index.listPages().sort((a, b) => a.visitedAt - b.visitedAt)) {
    if (size <= maxChunks) break;
    drop.push(p.url);
    size -= p.chunks;
  }
  const texts = (await Promise.all(drop.map((u) => embeddedTextsOf(index, u)))).flat();
  for (const u of drop) old.chunks += index.deletePage(u);
  return { chunks: old.chunks, urls: [...old.urls, ...drop], texts: [...old.texts, ...texts] };
}
