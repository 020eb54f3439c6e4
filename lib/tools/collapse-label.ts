/**
 * Page text and model text shown on an approval card go through here, so neither can draw extra lines
 * (a forged "to: …" or "Approve" line) or reorder what the user reads: every run of whitespace, control
 * characters and line or paragraph separators becomes one space, format characters (bidi overrides,
 * zero-width marks, tag characters) are removed, and long text is cut with an ellipsis.
 */
export function collapseLabel(text: string, max = 120): string {
  const flat = text
    .replace(/[\p{Cf}]/gu, '')
    .replace(/[\s\p{Cc}\p{Zl}\p{Zp}\p{Zs}]+/gu, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : flat;
}
