/**
 * Whether the extension may run the page agent in a page at `url`: web pages and local files, but not the
 * browser's own pages (chrome:, about:, extension pages) nor the Chrome Web Store, which Chrome closes to
 * every extension's scripts.
 */
const STORE_HOSTS = new Set(['chromewebstore.google.com']);

export function canScriptUrl(url: string | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'file:') return true;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (STORE_HOSTS.has(parsed.hostname)) return false;
  return !(parsed.hostname === 'chrome.google.com' && parsed.pathname.startsWith('/webstore'));
}
