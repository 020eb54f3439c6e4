/**
 * A document of the user's own, queued for the index under the rules a page meets: remembering on and not paused,
 * the user's denied URL patterns (matched against the document's viewer address) and the same scrubbing of
 * secrets. A folder document also needs the documents switch (the user's choice of this folder stands for the
 * allowlist); an attachment goes in only when the user chose to keep it, which is that file's own switch. Its text
 * is chunked like a PDF's when it is one (a section per page), else as it is; its citations open the extension's
 * viewer page at the passage.
 */
import type { CaptureReply } from '../capture-message';
import { contentHash } from '../capture/content-hash';
import { compileUrlPattern } from '../privacy-policy';
import { documentSections } from './document-sections';
import type { IngestContext } from './ingest-context';
import type { QueueEntry } from './ingest-db';
import { scrubSecrets } from './scrub-secrets';

/** A document as the folder's indexing, or keeping an attachment, reads it. */
export interface OwnDocumentInput {
  /** Its viewer address (chrome-extension://…/viewer.html?path=… or ?attachment=…): the key, the citation's base. */
  url: string;
  title: string;
  text: string;
  /** A PDF (its text with `--- Page N ---` markers): one section per page. */
  pdf: boolean;
}

/** Characters of a document's text indexed at most (what a page's capture may hold too). */
const MAX_TEXT = 2_000_000;

export async function admitOwnDocument(
  ctx: IngestContext,
  doc: OwnDocumentInput,
  source: 'folder' | 'attachment',
): Promise<CaptureReply> {
  const { settings, queue, seen } = await ctx.parts();
  const s = await settings.get();
  if (!s.enabled || (source === 'folder' && !s.indexDocuments)) return { status: 'off' };
  if (s.paused) return { status: 'refused', reason: 'paused' };
  if (s.deniedPatterns.some((p) => compileUrlPattern(p).test(doc.url)))
    return { status: 'refused', reason: 'user-denylist' };
  const cut = doc.text.slice(0, MAX_TEXT);
  const text = scrubSecrets(doc.pdf ? documentSections(cut) : cut).trim();
  if (!text) return { status: 'refused', reason: 'no-text' };
  const hash = contentHash(text);
  if ((await seen.get(doc.url))?.hash === hash) return { status: 'unchanged' };
  const entry: QueueEntry = {
    key: doc.url,
    url: doc.url,
    title: scrubSecrets(doc.title).slice(0, 2000),
    lang: '',
    text,
    hash,
    // Indexed now (not the file's modified time): retention counts from when the index took it.
    visitedAt: ctx.now(),
    capturedAt: ctx.now(),
    kind: source,
  };
  let result = await queue.enqueue(entry, s.queueLimit);
  if (result === 'full') {
    // A folder fills the queue faster than a person browsing: wait for the drain to make room, once.
    await ctx.drain();
    result = await queue.enqueue(entry, s.queueLimit);
    if (result === 'full') return { status: 'full' };
  }
  void ctx.drain();
  return { status: result };
}
