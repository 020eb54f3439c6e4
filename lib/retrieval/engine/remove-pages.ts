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
export function removePages(index: HybridIndex, target: DeleteTarget): Removed {
  const pages = index.listPages();
  const hit = (p: PageSummary) =>
    target.kind === 'all' ||
    (target.kind === 'page' && p.url === pageKeyOf(target.url)) ||
    (target.kind === 'domain' && domainMatches(p.domain, target.domain)) ||
    (target.kind === 'range' && p.visitedAt >= target.since && p.visitedAt <= target.until) ||
    (target.kind === 'source' && p.kind === target.source);
  const urls = pages.filter(hit).map((p) => p.url);
  const texts = target.kind === 'all' ? [] : urls.flatMap((u) => embeddedTextsOf(index, u));
  let chunks = 0;
  if (target.kind === 'all') {
    chunks = index.size;
    index.clear();
  } else for (const u of urls) chunks += index.deletePage(u);
  return { chunks, urls, texts };
}

/** Retention and size cap: drops visits before `before`, then the oldest pages until `maxChunks` holds. */
export function evictPages(index: HybridIndex, before: number, maxChunks: number): Removed {
  const old = removePages(index, { kind: 'range', since: -Infinity, until: before - 1 });
  if (index.size <= maxChunks) return old;
  const pages = index.listPages().sort((a, b) => a.visitedAt - b.visitedAt);
  for (const p of pages) {
    if (index.size <= maxChunks) break;
    old.texts.push(...embeddedTextsOf(index, p.url));
    old.chunks += index.deletePage(p.url);
    old.urls.push(p.url);
  }
  return old;
}
