/**
 * The one way Tabwise says something to the user: `t('panel_send')`, `t('usage_tokens', count)`, in the pages
 * and in the worker (error messages, approval previews, notices, menu titles). Text comes from
 * chrome.i18n (public/_locales/<lang>/messages.json, English by default); keys are typed from the English
 * file, imported for its type only, so no locale's text is bundled into the pages.
 */
import type english from '../../public/_locales/en/messages.json';

export type MessageKey = keyof typeof english;

/**
 * The message for `key` in the browser's language, with `$1`…`$9` replaced by `substitutions` (numbers are
 * formatted by the caller, with Intl, so they read right in every language). A key missing at run time shows
 * as itself rather than as nothing, so a gap is visible instead of a blank button.
 */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  return chrome.i18n.getMessage(key, substitutions.map(String)) || key;
}
