/**
 * Where a citation opens its source: a web page at the passage (a text fragment), a PDF at the page the
 * passage is on (`#page=N`, which Chrome's PDF viewer opens at; a text fragment finds nothing there), a file
 * of the user's folder or a kept attachment in the extension's viewer page (its URL is the viewer's), which scrolls
 * to the passage.
 */
import { pageKeyOf } from '../page-key';
import type { SourceKind } from '../source-kind';
import { textFragmentUrl } from './text-fragment-url';

/** The heading a PDF's page section carries in the index (documentSections writes it). */
export const PDF_PAGE_HEADING = /^Page (\d{1,5})$/;

/** The page of a PDF chunk, from the innermost heading of its path; undefined when it has none. */
export function pdfPageOf(headingPath: readonly string[]): number | undefined {
  for (let i = headingPath.length - 1; i >= 0; i--) {
    const m = PDF_PAGE_HEADING.exec(headingPath[i]!);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** Characters of the passage a folder citation carries (the viewer finds the passage by them). */
export const FOLDER_PASSAGE_CHARS = 200;

export function citationUrl(
  chunk: { url: string; kind?: SourceKind; headingPath: readonly string[] },
  passage: string,
): string {
  if (chunk.kind === 'folder' || chunk.kind === 'attachment')
    return `${pageKeyOf(chunk.url).split('#')[0]!}#passage=${encodeURIComponent(passage.slice(0, FOLDER_PASSAGE_CHARS))}`;
  if (chunk.kind === 'pdf') {
    const page = pdfPageOf(chunk.headingPath);
    const base = pageKeyOf(chunk.url).split('#')[0]!;
    return page ? `${base}#page=${page}` : base;
  }
  return textFragmentUrl(chunk.url, passage);
}
