/**
 * A page fetch_url read for the user, queued under the same rules as a capture: remembering on, the
 * privacy policy, scrubbed and keyed the same way. Its fields are bounded here (a capture's are bounded by
 * the capture protocol's schema, capture-schemas.ts, which a fetched page does not pass through).
 */
import type { CaptureReply } from '../capture-message';
import { contentHash } from '../capture/content-hash';
import { pageKeyOf } from '../page-key';
import { decideCapture } from '../privacy-policy';
import { documentSections } from './document-sections';
import type { IngestContext } from './ingest-context';
import type { QueueEntry } from './ingest-db';
import { scrubSecrets, scrubUrl } from './scrub-secrets';

/** A fetched page's readable text, as fetch_url gives it. */
export interface FetchedPageInput {
  url: string;
  title: string;
  lang: string;
  text: string;
  /** A PDF (its text with `--- Page N ---` markers): indexed by page and cited at its page. */
  pdf?: boolean;
}

export async function rememberFetchedPage(
  ctx: IngestContext,
  page: FetchedPageInput,
  context: { incognito: boolean },
): Promise<CaptureReply> {
  const { settings, queue, seen } = await ctx.parts();
  const s = await settings.get();
  if (!s.enabled) return { status: 'off' };
  const decision = decideCapture({ url: page.url, incognito: context.incognito }, s);
  if (!decision.index) return { status: 'refused', reason: decision.reason };
  const key = pageKeyOf(scrubUrl(page.url));
  const cut = page.text.slice(0, 2_000_000);
  const text = page.pdf ? documentSections(cut) : cut;
  const hash = contentHash(text);
  if ((await seen.get(key))?.hash === hash) return { status: 'unchanged' };
  const at = ctx.now();
  const entry: QueueEntry = {
    key,
    url: key,
    title: scrubSecrets(page.title).slice(0, 2000),
    lang: page.lang.slice(0, 35),
    text: scrubSecrets(text),
    hash,
    visitedAt: at,
    capturedAt: at,
    ...(page.pdf ? { kind: 'pdf' as const } : {}),
  };
  const result = await queue.enqueue(entry, s.queueLimit);
  if (result === 'full') return { status: 'full' };
  void ctx.drain();
  return { status: result };
}
