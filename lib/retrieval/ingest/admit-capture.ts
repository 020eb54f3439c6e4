/**
 * A capture from a content script, admitted or refused: remembering on, the top frame, the sender's own
 * URL, the privacy policy, then scrubbed and queued (or counted as refused when the queue is full).
 */
import type { CaptureInput, CaptureReply } from '../capture-message';
import { pageKeyOf } from '../page-key';
import { decideCapture } from '../privacy-policy';
import type { IngestContext } from './ingest-context';
import type { QueueEntry } from './ingest-db';
import { scrubSecrets, scrubUrl } from './scrub-secrets';

export async function admitCapture(
  ctx: IngestContext,
  msg: CaptureInput,
  sender: chrome.runtime.MessageSender,
): Promise<CaptureReply> {
  const { settings, queue, seen } = await ctx.parts();
  const s = await settings.get();
  if (!s.enabled) return { status: 'off' };
  // Only the top frame captures, and the URL decided on is the sender's own, never one the page claims: a
  // page that moved (a single-page app's route change just before capture) or lies is not indexed under it.
  // The tab's URL follows history.pushState; the sender's frame URL stays the one the document loaded with.
  const url = sender.frameId === 0 ? (sender.tab?.url ?? sender.url) : undefined;
  if (!url) return { status: 'refused', reason: 'wrong-frame' };
  if (pageKeyOf(url) !== pageKeyOf(msg.url)) return { status: 'refused', reason: 'url-changed' };
  const decision = decideCapture({ url, incognito: sender.tab?.incognito ?? true }, s);
  if (!decision.index) return { status: 'refused', reason: decision.reason };
  // Credentials in the address (tokens, codes, signatures) are never stored: the page is keyed without them.
  const key = pageKeyOf(scrubUrl(url));
  if ((await seen.get(key))?.hash === msg.hash) return { status: 'unchanged' };
  const at = ctx.now();
  const entry: QueueEntry = {
    key,
    url: key,
    title: scrubSecrets(msg.title),
    lang: msg.lang,
    text: scrubSecrets(msg.text),
    hash: msg.hash,
    visitedAt: at,
    capturedAt: at,
  };
  const result = await queue.enqueue(entry, s.queueLimit);
  if (result === 'full') {
    await queue.updateCounters((c) => ({ ...c, refused: c.refused + 1, lastRefusedAt: at, lastRefusedUrl: key }));
    ctx.deps.signalFull?.(true);
    console.warn(`Tabwise: history queue full (${s.queueLimit}); refused ${key}`);
    return { status: 'full' };
  }
  void ctx.drain();
  return { status: result };
}
