/**
 * Where a cited passage is in a file's text: the index cut, scrubbed and re-spaced the text it cites, so the
 * passage is found word by word with any run of spaces, markup or punctuation between words, first whole, then
 * by its first words (at least four, or all of a shorter one). [start, end) in `text`, or undefined.
 */
const WORD = /[\p{L}\p{N}]+/gu;
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function locatePassage(text: string, passage: string): [number, number] | undefined {
  const words = passage.match(WORD) ?? [];
  if (words.length === 0) return undefined;
  const min = Math.min(words.length, 4);
  for (let n = words.length; n >= min; n = n > 12 ? 12 : n - 1) {
    const re = new RegExp(words.slice(0, n).map(escape).join('[^\\p{L}\\p{N}]+'), 'iu');
    const m = re.exec(text);
    if (m) return [m.index, m.index + m[0].length];
    if (n === min) break;
  }
  return undefined;
}
