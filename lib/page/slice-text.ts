/** One window of a long text, cut where a reader would pause. */
export interface TextSlice {
  text: string;
  /** Where the next window starts, absent when this one reaches the end. */
  nextOffset?: number;
}

/**
 * Takes up to `maxChars` from `offset`, preferring to end at a paragraph, line or sentence break in the
 * window's last fifth, so a continuation never starts mid-word (and never splits a surrogate pair).
 */
export function sliceText(text: string, offset: number, maxChars: number): TextSlice {
  const start = Math.min(Math.max(0, offset), text.length);
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const floor = start + Math.floor(maxChars * 0.8);
    const window = text.slice(floor, end);
    const cut = lastBreak(window);
    if (cut > 0) end = floor + cut;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  }
  const slice: TextSlice = { text: text.slice(start, end) };
  if (end < text.length) slice.nextOffset = end;
  return slice;
}

function lastBreak(window: string): number {
  for (const mark of ['\n\n', '\n', '. ', ' ']) {
    const at = window.lastIndexOf(mark);
    if (at >= 0) return at + mark.length;
  }
  return -1;
}
