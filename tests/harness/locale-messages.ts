/**
 * chrome.i18n.getMessage over one of the shipped locales (Node only), for tests that check a module says its
 * text in the user's language: `useLocale('de')` until the next test's setup puts English back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { substitute } from './english-messages';

type Messages = Record<string, { message: string } | undefined>;

export function localeMessage(locale: string): (key: string, substitutions?: string | (string | number)[]) => string {
  const messages = JSON.parse(readFileSync(join('public/_locales', locale, 'messages.json'), 'utf8')) as Messages;
  return (key, substitutions) => {
    const text = messages[key]?.message;
    return text === undefined ? '' : substitute(text, substitutions);
  };
}

/** Makes chrome.i18n answer in `locale` (tests/harness/install-english-i18n.ts restores English before each test). */
export function useLocale(locale: string): void {
  const root = globalThis as unknown as { chrome: { i18n: { getMessage: unknown; getUILanguage: () => string } } };
  root.chrome.i18n.getMessage = localeMessage(locale);
  root.chrome.i18n.getUILanguage = () => locale.replace('_', '-');
}
