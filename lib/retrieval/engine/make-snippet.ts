/** A short excerpt of a chunk around the query's terms, with the matched words marked. */
import { normalizeWord, WORD_PATTERN } from './tokenize-text';

/** An excerpt and the [start, end) ranges of matched words within it. */
export interface Snippet {
  text: string;
  highlights: Array<[number, number]>;
}

/** Picks the window of about `maxChars` with the most distinct query terms (ties: earliest). */
export function makeSnippet(text: string, query: string, maxChars = 240): Snippet {
  const terms = new Set<string>();
  for (const m of query.matchAll(WORD_PATTERN)) {
    const t = normalizeWord(m[0]);
    if (t) terms.add(t);
  }
  const hits: Array<{ start: number; end: number; term: string }> = [];
  for (const m of text.matchAll(WORD_PATTERN)) {
    const t = normalizeWord(m[0]);
    if (t && terms.has(t)) hits.push({ start: m.index, end: m.index + m[0].length, term: t });
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
