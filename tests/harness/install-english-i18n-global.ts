/**
 * Gives `chrome.i18n` the English messages in a Node process without an extension (Playwright's test runner,
 * where specs compute the text they expect with the UI's own formatters), unless one is there already.
 */
import { englishMessage } from './english-messages';

type I18nShim = { getMessage: typeof englishMessage; getUILanguage: () => string };

export function installEnglishI18n(): void {
  const root = globalThis as unknown as { chrome?: { i18n?: Partial<I18nShim> } };
  const chromeApi = (root.chrome ??= {});
  // WXT's fake browser (stubbed in as `chrome` by its own vitest setup, possibly after this) has an i18n object
  // whose functions throw "not implemented": replace them, keep the object.
  chromeApi.i18n = Object.assign(chromeApi.i18n ?? {}, { getMessage: englishMessage, getUILanguage: () => 'en' });
}

installEnglishI18n();
