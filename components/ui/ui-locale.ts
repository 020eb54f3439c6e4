import { t } from './t';

/**
 * The BCP 47 tag of the language the UI's text is in ('en', 'de', 'zh-CN'), for Intl and `lang`. Read from the
 * messages themselves rather than from '@@ui_locale': when the browser's language has no translation, Chrome
 * shows the English text and this says 'en', so numbers, plurals and dates match the words around them.
 */
export function uiLocale(): string {
  return t('ui_lang');
}
