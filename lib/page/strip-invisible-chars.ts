/**
 * Characters a person never sees but a model reads: format characters (Unicode category Cf: zero-width
 * spaces and joiners, bidi controls, the BOM, soft hyphens, invisible operators) and the tag block
 * U+E0000–U+E007F, which can spell out a whole hidden instruction after an innocent word.
 */
const INVISIBLE = /[\p{Cf}\u{E0000}-\u{E007F}]/gu;

/** Counts what the strippers of one tool call removed, so the result can say so. */
export interface InvisibleCharCount {
  removed: number;
}

/** `text` without invisible characters; adds how many were removed to `count`. */
export function stripInvisibleChars(text: string, count?: InvisibleCharCount): string {
  let removed = 0;
  const out = text.replace(INVISIBLE, () => {
    removed++;
    return '';
  });
  if (count) count.removed += removed;
  return out;
}

/** The line a tool result carries when something was removed, else undefined. */
export function invisibleCharsNotice(count: InvisibleCharCount): string | undefined {
  if (count.removed === 0) return undefined;
  return `Removed ${count.removed} invisible character${count.removed === 1 ? '' : 's'}.`;
}
