/** A short excerpt of a chunk around the query's terms, with the matched words marked. */
import { segmentWords } from '../words/segment-words';
import { wordLanguageOf } from '../words/word-languages';
import { termOf, wordForms } from '../words/word-terms';

/** An excerpt and the [start, end) ranges of matched words within it. */
export interface Snippet {
  text: string;
  highlights: Array<[number, number]>;
}

/**
 * Picks the window of about `maxChars` with the most distinct query terms (ties: earliest). `lang` is the
 * page's language, which its words were indexed in (word-terms.ts).
 */
export function makeSnippet(text: string, query: string, lang?: string, maxChars = 240): Snippet {
  const code = wordLanguageOf(lang);
  const terms = new Set<string>();
  for (const w of segmentWords(query)) for (const f of wordForms(w.text, code ? [code] : [])) terms.add(f);
  const hits: Array<{ start: number; end: number; term: string }> = [];
  for (const w of segmentWords(text)) {
    const t = termOf(w.text, code);
    if (t && terms.has(t)) hits.push({ start: w.index, end: w.index + w.text.length, term: t });
  }
  let bestStart = 0;
  let bestScore = -1;
  for (let i = 0; i < hits.length; i++) {
    const seen = new Set<string>();
    for (let j = i; j < hits.length && hits[j]!.end - hits[i]!.start <= maxChars; j++) seen.add(hits[j]!.term);
    if (seen.size > bestScore) {
      bestScore = seen.size;
      bestStart = hits[i]!.start;
    }
  }
  // Start a little before the first hit, on a word boundary, so the excerpt reads naturally.
  let start = Math.max(0, bestStart - Math.floor(maxChars / 4));
  if (start > 0) {
    const sentence = text.lastIndexOf('. ', bestStart);
    start = sentence >= start ? sentence + 2 : text.indexOf(' ', start) + 1;
  }
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const body = text.slice(start, end);
  const highlights = hits
    .filter((h) => h.start >= start && h.end <= end)
    .map((h): [number, number] => [h.start - start + prefix.length, h.end - start + prefix.length]);
  return { text: prefix + body + (end < text.length ? '…' : ''), highlights };
}
