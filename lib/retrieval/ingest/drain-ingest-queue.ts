/**
 * Drains the durable queue into the offscreen engine, a batch at a time, until it is empty, paused or
 * turned off, or a batch fails (the queue keeps it; the alarm or the next capture tries again). The worker
 * can die at any moment: the alarm set before each batch wakes a new one to carry on.
 */
import { domainOf } from '../domain-of';
import { evictExpiredPages } from './evict-expired-pages';
import { INGEST_ALARM } from './ingest-alarms';
import type { IngestContext } from './ingest-context';

/** Pages per 'ingest' message; the queue completes and counts them batch by batch. */
const BATCH = 4;

export async function drainIngestQueue(ctx: IngestContext): Promise<void> {
  const { deps, now } = ctx;
  const { settings, queue, seen } = await ctx.parts();
  for (;;) {
    const s = await settings.get();
    // Turned off or paused: nothing more is indexed (turning off also empties the queue, see updateSettings).
    const batch = s.paused || !s.enabled ? [] : await queue.peek(BATCH);
    if (batch.length === 0) {
      await deps.alarms?.clear(INGEST_ALARM);
      if (!s.paused) deps.signalFull?.(false);
      return;
    }
    // If this worker dies mid-batch, the alarm wakes a new one that sends the batch again (replacing, not duplicating).
    await deps.alarms?.create(INGEST_ALARM, { delayInMinutes: 0.5 });
    try {
      await deps.client.send('ingest', {
        model: s.model,
        pages: batch.map(({ url, title, lang, text, visitedAt, kind }) => ({
          url,
          title,
          lang,
          text,
          visitedAt,
          ...(kind ? { kind } : {}),
        })),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error('Tabwise: indexing failed; the queue keeps the pages for a retry', error);
      await queue.updateCounters((c) => ({ ...c, lastError: message, lastErrorAt: now() }));
      return;
    }
    for (const e of batch) {
      await seen.put({ key: e.key, hash: e.hash, domain: domainOf(e.url), visitedAt: e.visitedAt });
      await queue.complete(e);
    }
    await queue.updateCounters((c) => ({
      ...c,
      indexed: c.indexed + batch.length,
      lastIndexedAt: now(),
      lastError: undefined,
    }));
    await evictExpiredPages(ctx, s, seen);
  }
}
