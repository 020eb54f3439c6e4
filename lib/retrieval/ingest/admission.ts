/**
 * What every capture from a tab is admitted by, and how an admitted one is queued: remembering on, the top
 * frame, the sender's own URL (never one the page claims), the privacy policy (never incognito, the denylist
 * or allowlist); then the queue, which counts a capture it has no room for as refused.
 */
import type { CaptureReply } from '../capture-message';
import type { IndexSettings } from '../index-settings';
import { pageKeyOf } from '../page-key';
import { decideCapture } from '../privacy-policy';
import type { IngestContext, IngestParts } from './ingest-context';
import type { QueueEntry } from './ingest-db';

export type Admission =
  | { admitted: true; parts: IngestParts; settings: IndexSettings; url: string }
  | { admitted: false; reply: CaptureReply };

/** Whether a capture the tab of `sender` sends about `claimedUrl` may be indexed, and under which URL. */
export async function admitSender(
  ctx: IngestContext,
  claimedUrl: string,
  sender: chrome.runtime.MessageSender,
): Promise<Admission> {
  const parts = await ctx.parts();
  const settings = await parts.settings.get();
  if (!settings.enabled) return { admitted: false, reply: { status: 'off' } };
  // Only the top frame captures, and the URL decided on is the sender's own, never one the page claims: a
  // page that moved (a single-page app's route change just before capture) or lies is not indexed under it.
  // The tab's URL follows history.pushState; the sender's frame URL stays the one the document loaded with.
  const url = sender.frameId === 0 ? (sender.tab?.url ?? sender.url) : undefined;
  if (!url) return { admitted: false, reply: { status: 'refused', reason: 'wrong-frame' } };
  if (pageKeyOf(url) !== pageKeyOf(claimedUrl))
    return { admitted: false, reply: { status: 'refused', reason: 'url-changed' } };
  const decision = decideCapture({ url, incognito: sender.tab?.incognito ?? true }, settings);
  if (!decision.index) return { admitted: false, reply: { status: 'refused', reason: decision.reason } };
  return { admitted: true, parts, settings, url };
}

/** Queues an admitted capture and starts the drain; a full queue refuses it, counts it and shows the badge. */
export async function enqueueCapture(
  ctx: IngestContext,
  { parts, settings }: { parts: IngestParts; settings: IndexSettings },
  entry: QueueEntry,
): Promise<CaptureReply> {
  const result = await parts.queue.enqueue(entry, settings.queueLimit);
  if (result === 'full') {
    const at = entry.capturedAt;
    await parts.queue.updateCounters((c) => ({
      ...c,
      refused: c.refused + 1,
      lastRefusedAt: at,
      lastRefusedUrl: entry.key,
    }));
    ctx.deps.signalFull?.(true);
    console.warn(`Tabwise: history queue full (${settings.queueLimit}); refused ${entry.key}`);
    return { status: 'full' };
  }
  void ctx.drain();
  return { status: result };
}
