/** What is in the index, by page key and content hash: lets an unchanged revisit skip re-indexing. */
import { domainMatches } from '../domain-of';
import type { IngestDatabase, SeenPage } from './ingest-db';
import type { DeleteTarget } from '../offscreen-protocol';
import { pageKeyOf } from '../page-key';

export interface SeenPages {
  get(key: string): Promise<SeenPage | undefined>;
  put(page: SeenPage): Promise<void>;
  /** Forgets the pages a deletion or eviction removed from the index. */
  forget(target: Exclude<DeleteTarget, { kind: 'source' }> | { kind: 'urls'; urls: string[] }): Promise<void>;
  /** How many pages the index holds, as the background knows them. */
  count(): Promise<number>;
}

/** Creates the seen-pages store over the ingestion database. */
export function createSeenPages(db: IngestDatabase): SeenPages {
  return {
    get: (key) => db.get('seen', key),
    count: () => db.count('seen'),
    async put(page) {
      await db.put('seen', page);
    },
    async forget(target) {
      const tx = db.transaction('seen', 'readwrite');
      if (target.kind === 'all') await tx.store.clear();
      else if (target.kind === 'urls') for (const u of target.urls) await tx.store.delete(pageKeyOf(u));
      else if (target.kind === 'page') await tx.store.delete(pageKeyOf(target.url));
      else {
        for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
          const p = cursor.value;
          const hit =
            target.kind === 'domain'
              ? domainMatches(p.domain, target.domain)
              : p.visitedAt >= target.since && p.visitedAt <= target.until;
          if (hit) await cursor.delete();
        }
      }
      await tx.done;
    },
  };
}
