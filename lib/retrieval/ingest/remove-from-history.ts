/**
 * A deletion the user asked for (a page, a domain, a time range, a kind of source, or everything): from the queue first, then
 * the index, then the seen-pages record, so nothing deleted comes back.
 */
import { domainMatches, domainOf } from '../domain-of';
import type { DeleteTarget, OffscreenResponses } from '../offscreen-protocol';
import { pageKeyOf } from '../page-key';
import type { IngestContext } from './ingest-context';

export async function removeFromHistory(
  ctx: IngestContext,
  target: DeleteTarget,
): Promise<OffscreenResponses['delete']> {
  const { settings, queue, seen } = await ctx.parts();
  const s = await settings.get();
  // Waiting captures of what is being deleted go too, or they would come back after the delete.
  await queue.discard(
    (e) =>
      target.kind === 'all' ||
      (target.kind === 'page' && e.key === pageKeyOf(target.url)) ||
      (target.kind === 'domain' && domainMatches(domainOf(e.url), target.domain)) ||
      (target.kind === 'range' && e.visitedAt >= target.since && e.visitedAt <= target.until) ||
      (target.kind === 'source' && e.kind === target.source),
  );
  const out = await ctx.deps.client.send('delete', { model: s.model, target });
  // Forgotten as seen too: the same page visited again is indexed again, not skipped as unchanged. The seen
  // record knows no source kind: those go by the addresses the engine removed.
  await seen.forget(target.kind === 'source' ? { kind: 'urls', urls: out.urls } : target);
  return out;
}
