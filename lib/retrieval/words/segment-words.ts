/**
 * Splits text into words in any language: Intl.Segmenter (word granularity) cuts the scripts written without
 * spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) into dictionary words; in every other script a word is
 * a run of letters, marks and digits, which is what the segmenter answers there too; Korean words, which carry
 * their particles, are cut into syllable pairs. The segmenter only sees
 * those runs, never whole texts: V8's segmenter slows down with the square of the string's length (a 4.5 KB
 * paragraph took 95 ms in Node 20, the same words in short runs 1 ms).
 */

/** One word and where it starts in the text. */
export interface Word {
  text: string;
  index: number;
}

/** Letters, marks and digits, with an apostrophe inside a word kept ("user's"; the term drops what follows). */
const RUN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;
/** Scripts written without spaces between words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Korean: spaced words that carry their particles ("서울은"), so they are cut into syllable pairs. */
const HANGUL_WORD = /^\p{Script=Hangul}{3,}$/u;
/** Longest run handed to the segmenter at once (a run with no punctuation is cut; a word may split there). */
const MAX_RUN = 256;

let segmenter: Intl.Segmenter | undefined;

function segmentRun(run: string, offset: number, out: Word[]): void {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (let from = 0; from < run.length; from += MAX_RUN) {
    const piece = run.slice(from, from + MAX_RUN);
    for (const s of segmenter.segment(piece)) {
      if (s.isWordLike) push(out, s.segment, offset + from + s.index);
    }
  }
}

function push(out: Word[], text: string, index: number): void {
  if (!HANGUL_WORD.test(text)) out.push({ text, index });
  // Overlapping pairs, as Lucene's CJK analyzer does: "서울은" → 서울, 울은, so a query for 서울 finds it.
  else for (let i = 0; i + 2 <= text.length; i++) out.push({ text: text.slice(i, i + 2), index: index + i });
}

/** The words of `text` in order, with their offsets (a Korean word of three syllables or more as pairs). */
export function segmentWords(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(RUN)) {
    if (UNSPACED.test(m[0])) segmentRun(m[0], m.index, out);
    else push(out, m[0], m.index);
  }
  return out;
}
