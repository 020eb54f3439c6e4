/** The Chromium command line of `npm start`, shared with the test that launches the browser the same way. */
import { createHash } from 'node:crypto';
import { chromiumArgs } from './chromium';

/** Chromium's id for an unpacked extension: SHA-256 of its absolute path, first 32 hex digits mapped 0-f → a-p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(dir).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

export interface StartBrowserOptions {
  extensionDir: string;
  profile: string;
  headless: boolean;
  /** DevTools port when headless (npm start: 9222; tests: 0, a free one). */
  debuggingPort?: number;
}

/**
 * No page is named on the command line: a page of the extension named there loads before the extension
 * is ready and shows ERR_BLOCKED_BY_CLIENT. The extension opens its onboarding itself while no provider
 * is set up (lib/background/first-run.ts).
 */
export function startBrowserArgs(o: StartBrowserOptions): string[] {
  return [
    `--user-data-dir=${o.profile}`,
    `--disable-extensions-except=${o.extensionDir}`,
    `--load-extension=${o.extensionDir}`,
    ...chromiumArgs,
    ...(o.headless ? ['--headless=new', `--remote-debugging-port=${o.debuggingPort ?? 9222}`] : []),
  ];
}
