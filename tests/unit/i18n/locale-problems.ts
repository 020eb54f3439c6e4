/** What is wrong with one locale's messages.json compared with English: the checks behind the completeness test. */
export type Messages = Record<string, { message: string; description?: string }>;

/** $1…$9 in a message, as a sorted list (a sentence may use one twice). */
export const placeholdersOf = (text: string) =>
  [...text.replace(/\$\$/g, '').matchAll(/\$([1-9])/g)].map((m) => m[1]!).sort();

/**
 * `complete`: the locale must have exactly English's keys. Otherwise (a partial locale, where Chrome falls back
 * to English per message) it may only leave keys out. Either way: no empty message, the same placeholders as
 * English, no stray `$` Chrome would misread, and keys Chrome accepts.
 */
export function localeProblems(en: Messages, locale: Messages, complete: boolean): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) if (complete && !(key in locale)) problems.push(`${key}: missing`);
  for (const [key, entry] of Object.entries(locale)) {
    if (!(key in en)) {
      problems.push(`${key}: not in en`);
      continue;
    }
    if (!/^[a-z0-9_]+$/.test(key)) problems.push(`${key}: key is not lower_snake_case`);
    const text = entry.message;
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${key}: empty`);
      continue;
    }
    if (placeholdersOf(text).join() !== placeholdersOf(en[key]!.message).join())
      problems.push(
        `${key}: placeholders ${placeholdersOf(text).join() || 'none'} ≠ en ${placeholdersOf(en[key]!.message).join() || 'none'}`,
      );
    if (/\$(?![1-9$])/.test(text.replace(/\$\$/g, ''))) problems.push(`${key}: a '$' that is not $1…$9 or $$`);
  }
  return problems;
}
