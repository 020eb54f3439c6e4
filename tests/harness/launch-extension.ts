/** Launches headless Chromium with the built extension in a fresh profile: shared by e2e fixtures and benches. */
import { chromium, type BrowserContext } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium';

export const extensionDir = resolve('.output/chrome-mv3');

export interface LaunchedExtension {
  context: BrowserContext;
  extensionId: string;
  userDataDir: string;
  /** The DevTools port, when launched with `debuggingPort: true` (benches attach to the service worker with it). */
  debuggingPort?: number;
  /** `keepProfile`: close the browser only (to launch it again on the same profile). */
  close(keepProfile?: boolean): Promise<void>;
}

/**
 * `dir`: another build of the extension (the retrieval bench's `wxt build --mode bench`); default the product build.
 * `lang`: the browser's UI language (`--lang`, which picks the extension's _locales, plus the pages' locale).
 * `args`: more Chromium switches (the egress corpus trusts its TLS sink's self-signed certificate).
 * `userDataDir`: a profile to launch again (a browser closed and started on the same profile); default a fresh one.
 * `extensionId`: the id, known from the first launch of that profile: then no page or worker is waited for.
 */
export async function launchExtension(
  options: {
    debuggingPort?: boolean;
    dir?: string;
    lang?: string;
    args?: string[];
    userDataDir?: string;
    extensionId?: string;
  } = {},
): Promise<LaunchedExtension> {
  const dir = options.dir ?? extensionDir;
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error('Build the extension first: npm run build');
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'tabwise-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    channel: 'chromium',
    ...(options.lang ? { locale: options.lang } : {}),
    args: [
      '--headless=new',
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      ...chromiumArgs,
      ...(options.debuggingPort ? ['--remote-debugging-port=0'] : []),
      ...(options.lang ? [`--lang=${options.lang}`] : []),
      ...(options.args ?? []),
    ],
  });
  const extensionId =
    options.extensionId ??
    new URL((context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))).url()).host;
  const debuggingPort = options.debuggingPort
    ? Number(readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0])
    : undefined;
  return {
    context,
    extensionId,
    userDataDir,
    debuggingPort,
    async close(keepProfile = false) {
      await context.close();
      if (keepProfile) return;
      // Chromium's helper processes can still be writing the profile as the browser exits: retry a moment.
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
