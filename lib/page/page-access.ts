/**
 * Whether Tabwise may read a tab's page, and if not why, in the terms Chrome sets: its own pages (chrome://,
 * about:, the new tab page), the Chrome Web Store and other extensions' pages are closed to every extension.
 */

export type UnreadableReason = 'browser' | 'store' | 'extension' | 'other';

/** Chrome's own pages and schemes no extension may script. */
const BROWSER = /^(chrome|chrome-untrusted|chrome-search|edge|brave|opera|vivaldi|devtools|view-source|about):/i;
/** The Web Store, old and new addresses (Chrome refuses scripts there whatever the host permissions). */
const STORE = /^https:\/\/(chromewebstore\.google\.com(\/|$)|chrome\.google\.com\/webstore(\/|$))/i;

/** `undefined` when the page can be read (http, https, file), else why it cannot. */
export function unreadableReason(url: string | undefined): UnreadableReason | undefined {
  if (!url) return 'other';
  if (STORE.test(url)) return 'store';
  if (/^(https?|file):/i.test(url)) return undefined;
  if (BROWSER.test(url)) return 'browser';
  if (/^(chrome-extension|moz-extension|extension):/i.test(url)) return 'extension';
  return 'other';
}
