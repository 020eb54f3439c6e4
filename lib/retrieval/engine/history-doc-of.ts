/** The Orama document of a page's chunk as inserted (the documents store keeps the page's fields once per page). */
import type { HistoryDoc } from './history-schema';
import type { PageRecord } from './hybrid-index-state';

export function historyDocOf(
  page: PageRecord,
  slot: number,
  ordinal: number,
  text: string,
  headingPath: string[],
): HistoryDoc {
  return {
    key: String(slot),
    pageKey: page.key,
    ordinal,
    url: page.url,
    title: page.title,
    domain: page.domain,
    domains: page.domains,
    visitedAt: page.visitedAt,
    ...(page.lang ? { lang: page.lang } : {}),
    ...(page.kind && page.kind !== 'page' ? { kind: page.kind } : {}),
    headingPath,
    text,
  };
}
