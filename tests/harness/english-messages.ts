/**
 * chrome.i18n for tests that run outside the extension (vitest's unit and browser projects): the English
 * messages of public/_locales/en, substituted the way Chrome does ($1…$9, $$ for a dollar sign), so components
 * and their tests read the same English a user sees. The extension itself never loads this file.
 */
import english from '../../public/_locales/en/messages.json' with { type: 'json' };

const messages: Record<string, { message: string } | undefined> = english;

/** A message's text with $1…$9 replaced as Chrome does ($$ is a dollar sign; a missing one is empty). */
export function substitute(text: string, substitutions?: string | (string | number)[]): string {
  const subs = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []).map(String);
  return text.replace(/\$(\$|[1-9])/g, (_, d: string) => (d === '$' ? '$' : (subs[Number(d) - 1] ?? '')));
}

/** Chrome's getMessage over the English file: '' for an unknown key, as Chrome returns. */
export function englishMessage(key: string, substitutions?: string | string[]): string {
  if (key === '@@bidi_dir') return 'ltr';
  if (key === '@@ui_locale') return 'en';
  const text = messages[key]?.message;
  return text === undefined ? '' : substitute(text, substitutions);
}
