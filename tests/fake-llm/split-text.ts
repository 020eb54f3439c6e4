/** Splits `text` into `pieces` nearly equal consecutive slices (fewer when the text is shorter). */
export function splitText(text: string, pieces: number): string[] {
  const count = Math.max(1, Math.min(Math.floor(pieces), text.length));
  const size = Math.ceil(text.length / count);
  const out: string[] = [];
  for (let start = 0; start < text.length; start += size) out.push(text.slice(start, start + size));
  return out;
}
