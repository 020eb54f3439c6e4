import { t, type MessageKey } from './t';
import { uiLocale } from './ui-locale';

/**
 * Puts a page in the language of its text: `lang` (fonts, line breaking, screen readers), `dir` (a right-to-left
 * language mirrors the layout; the CSS uses logical properties) and the translated title. Both come from the
 * locale's own messages ('ui_lang', 'ui_dir') rather than '@@ui_locale'/'@@bidi_dir': those name the browser's
 * language even when Tabwise has no translation for it and shows English, and headless Chromium reports them as
 * en_US/ltr whatever `--lang` says while it does pick the messages by `--lang`.
 */
export function applyUiLocale(doc: Document, titleKey: MessageKey): void {
  doc.documentElement.lang = uiLocale();
  doc.documentElement.dir = t('ui_dir') === 'rtl' ? 'rtl' : 'ltr';
  doc.title = t(titleKey);
}
