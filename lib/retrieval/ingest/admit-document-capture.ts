/**
 * A PDF shown in a tab, admitted or refused under the same rules as a page's capture (remembering on, the top
 * frame, the sender's own URL, the privacy policy: never incognito, the denylist or allowlist), then read by the
 * background, scrubbed of secrets, cut into one section per page and queued as a PDF (its citations open it at
 * its page).
 */
import type { CaptureReply, DocumentCaptureInput } from '../capture-message';
import { contentHash } from '../capture/content-hash';
import { pageKeyOf } from '../page-key';
import { decideCapture } from '../privacy-policy';
import { documentSections } from './document-sections';
import type { IngestContext } from './ingest-context';
import type { QueueEntry } from './ingest-db';
import { scrubSecrets, scrubUrl } from './scrub-secrets';

/** Characters of a PDF's text indexed at most (what a page's capture may hold too). */
const MAX_TEXT = 2_000_000;

export async function admitDocumentCapture(
  ctx: IngestContext,
  msg: DocumentCaptureInput,
  sender: chrome.runtime.MessageSender,
): Promise<CaptureReply> {
  const { settings, queue, seen } = await ctx.parts();
  const s = await settings.get();
  if (!s.enabled) return { status: 'off' };
  // As for a page: the top frame only, and the URL decided on (and fetched) is the sender's own.
  const url = sender.frameId === 0 ? (sender.tab?.url ?? sender.url) : undefined;
  if (!url) return { status: 'refused', reason: 'wrong-frame' };
  if (pageKeyOf(url) !== pageKeyOf(msg.url)) return { status: 'refused', reason: 'url-changed' };
  const decision = decideCapture({ url, incognito: sender.tab?.incognito ?? true }, s);
  if (!decision.index) return { status: 'refused', reason: decision.reason };
  if (!ctx.deps.readPdfAt) return { status: 'refused', reason: 'no-reader' };
  const key = pageKeyOf(scrubUrl(url));
  let read: { title: string; text: string };
  try {
    read = await ctx.deps.readPdfAt(url);
  } catch (error) {
    // A scan, an encrypted file, one too large: nothing to index, and the tab is left as it is.
    console.warn(`Tabwise: a PDF was not indexed (${key})`, error);
    return { status: 'refused', reason: 'unreadable' };
  }
  const text = documentSections(read.text.slice(0, MAX_TEXT)).trim();
  if (!text) return { status: 'refused', reason: 'no-text' };
  const hash = contentHash(text);
  if ((await seen.get(key))?.hash === hash) return { status: 'unchanged' };
  const at = ctx.now();
  const entry: QueueEntry = {
    key,
    url: key,
    title: scrubSecrets(read.title).slice(0, 2000),
    lang: '',
    text: scrubSecrets(text),
    hash,
    visitedAt: at,
    capturedAt: at,
    kind: 'pdf',
  };
  const result = await queue.enqueue(entry, s.queueLimit);
  if (result === 'full') {
    await queue.updateCounters((c) => ({ ...c, refused: c.refused + 1, lastRefusedAt: at, lastRefusedUrl: key }));
    ctx.deps.signalFull?.(true);
    return { status: 'full' };
  }
  void ctx.drain();
  return { status: result };
}
