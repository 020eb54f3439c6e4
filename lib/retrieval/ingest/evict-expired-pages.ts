/**
 * Retention and the size cap: the engine drops pages older than the retention period (oldest first past
 * `maxChunks`), and the pages it dropped are forgotten as seen, so a later visit indexes them again.
 */
import type { IndexSettings } from '../index-settings';
import type { IngestContext } from './ingest-context';
import type { SeenPages } from './seen-pages';

const DAY_MS = 86_400_000;

/** Returns the number of pages dropped. */
export async function evictExpiredPages(ctx: IngestContext, s: IndexSettings, seen: SeenPages): Promise<number> {
  const evicted = await ctx.deps.client.send('evict', {
    model: s.model,
    before: ctx.now() - s.retentionDays * DAY_MS,
    maxChunks: s.maxChunks,
  });
  if (evicted.urls.length) await seen.forget({ kind: 'urls', urls: evicted.urls });
  return evicted.urls.length;
}
