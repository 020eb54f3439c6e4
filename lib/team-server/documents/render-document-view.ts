/**
 * The document view as HTML: every character of the document escaped (its markup shows as text and never runs),
 * the cited passage given the id `cited` (the link's `#cited` scrolls to it with no script) and the cited chunk
 * inside it marked. The page's CSP (view-routes.ts) loads and runs nothing; the only style is the inline one here.
 */
import type { DocumentViewContent } from './document-views';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML that means exactly that text. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The inline style of the page: its SHA-256 is the one style the CSP allows. */
export const VIEW_STYLE = [
  'body{font:16px/1.55 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1f2328}',
  'h1{font-size:1.4rem}',
  '.meta{color:#59636e;font-size:.85rem}',
  'section{white-space:pre-wrap;overflow-wrap:anywhere;margin:1rem 0;padding:.5rem .75rem;border-left:3px solid transparent}',
  'section#cited{border-left-color:#bf8700;background:#fff8c5}',
  'mark{background:#ffd33d}',
].join('');

/** A passage's HTML: escaped, with the cited text marked when it is found in it verbatim. */
function passageHtml(text: string, cited: string | undefined): string {
  const at = cited ? text.indexOf(cited) : -1;
  if (!cited || at < 0) return escapeHtml(text);
  return (
    escapeHtml(text.slice(0, at)) + `<mark>${escapeHtml(cited)}</mark>` + escapeHtml(text.slice(at + cited.length))
  );
}

/** The whole page for `content`. */
export function renderDocumentView(content: DocumentViewContent): string {
  const { document: doc, passage, citedText } = content;
  const sections = doc.passages
    .map((text, i) =>
      i === passage
        ? `<section id="cited" aria-current="true">${passageHtml(text, citedText)}</section>`
        : `<section>${escapeHtml(text)}</section>`,
    )
    .join('\n');
  const source = doc.sourceUrl ? ` · ${escapeHtml(doc.sourceUrl)}` : '';
  return `<!doctype html>
<html lang="${escapeHtml(doc.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title>
<style>${VIEW_STYLE}</style>
</head>
<body>
<h1>${escapeHtml(doc.title)}</h1>
<p class="meta">${escapeHtml(doc.scope)} document${source}</p>
<main>
${sections}
</main>
</body>
</html>
`;
}
