/**
 * A PDF shown in a tab, admitted or refused under the same rules as a page's capture (admission.ts: remembering
 * on, the top frame, the sender's own URL, the privacy policy: never incognito, the denylist or allowlist), then
 * read by the background, scrubbed of secrets, cut into one section per page and queued as a PDF (its citations
 * open it at its page).
 */
import type { CaptureReply, DocumentCaptureInput } from '../capture-message';
import { contentHash } from '../capture/content-hash';
import { pageKeyOf } from '../page-key';
import { admitSender, enqueueCapture } from './admission';
import { documentSections } from './document-sections';
import type { IngestContext } from './ingest-context';
import { scrubSecrets, scrubUrl } from './scrub-secrets';

/** Characters of a PDF's text indexed at most (what a page's capture may hold too). */
const MAX_TEXT = 2_000_000;

export async function admitDocumentCapture(
  ctx: IngestContext,
  msg: DocumentCaptureInput,
  sender: chrome.runtime.MessageSender,
): Promise<CaptureReply> {
  const admission = await admitSender(ctx, msg.url, sender);
  if (!admission.admitted) return admission.reply;
  if (!ctx.deps.readPdfAt) return { status: 'refused', reason: 'no-reader' };
  const url = admission.url;
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
  if ((await admission.parts.seen.get(key))?.hash === hash) return { status: 'unchanged' };
  const at = ctx.now();
  return enqueueCapture(ctx, admission, {
    key,
    url: key,
    title: scrubSecrets(read.title).slice(0, 2000),
    lang: '',
    text: scrubSecrets(text),
    hash,
    visitedAt: at,
    capturedAt: at,
    kind: 'pdf',
  });
}
