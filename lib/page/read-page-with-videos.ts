/**
 * read_page's reader in a tab: the page's visible content (read-page.ts) and, in the first window, the transcripts
 * of its captioned videos (read-video-captions.ts), with the invisible characters they held counted in the notice.
 */
import { readPage, type PageReading, type ReadPageInput } from './read-page';
import { readVideoCaptions } from './read-video-captions';
import { invisibleCharsNotice, type InvisibleCharCount } from './strip-invisible-chars';

export async function readPageWithVideos(doc: Document, input: ReadPageInput = {}): Promise<PageReading> {
  const reading = readPage(doc, input);
  if ((input.offset ?? 0) > 0 || input.excludeEditable) return reading;
  const count: InvisibleCharCount = { removed: 0 };
  const transcripts = await readVideoCaptions(doc, count);
  if (!transcripts) return reading;
  const notice = invisibleCharsNotice(count);
  return {
    ...reading,
    videoTranscripts: transcripts,
    ...(notice ? { notice: [reading.notice, `In the video transcripts: ${notice}`].filter(Boolean).join(' ') } : {}),
  };
}
