/** Builds `url#:~:text=start,end` links that scroll to (and highlight) a passage on the live page. */
import { pageKeyOf } from '../page-key';

// Markdown syntax from capture never appears in the rendered page; a fragment containing it would not match.
function plainWords(text: string): string[] {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`~]+/g, '')
    .replace(/[#>|]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Percent-encodes a text-directive term: '-', ',' and '&' are syntax inside `:~:text=`. */
function encodeTerm(s: string): string {
  return encodeURIComponent(s).replace(/-/g, '%2D').replace(/,/g, '%2C').replace(/&/g, '%26');
}

/**
 * A link to `passage` on `url`. A plain anchor is replaced; a route fragment (`#/inbox`) is kept and the
 * directive follows it (`#/inbox:~:text=…`), as the fragment-directive syntax allows. Short passages are
 * quoted whole; longer ones as a start and an end of `edgeWords` words, which the browser matches across
 * the gap.
 */
export function textFragmentUrl(url: string, passage: string, edgeWords = 4): string {
  const base = pageKeyOf(url);
  const directive = base.includes('#') ? ':~:text=' : '#:~:text=';
  const words = plainWords(passage.replace(/^…|…$/g, ''));
  if (words.length === 0) return base;
  if (words.length <= edgeWords * 2) return `${base}${directive}${encodeTerm(words.join(' '))}`;
  const start = words.slice(0, edgeWords).join(' ');
  const end = words.slice(-edgeWords).join(' ');
  return `${base}${directive}${encodeTerm(start)},${encodeTerm(end)}`;
}
