/** Helpers that act on the loaded extension the way its own pages do (shared by e2e tests and benches). */
import type { BrowserContext, Page } from '@playwright/test';
import type { ProviderInput } from '../../lib/providers/provider-config';

export type ProviderSetup = Omit<ProviderInput, 'id'>;

/** Calls the background through the typed protocol from an extension page, as the UI does. */
export async function callBackground<T>(page: Page, name: string, data: unknown): Promise<T> {
  const reply = await page.evaluate(([n, d]) => chrome.runtime.sendMessage({ tabwise: 'background', name: n, data: d }), [name, data] as const);
  if (!reply?.ok) throw new Error(`background ${name} failed: ${JSON.stringify(reply)}`);
  return reply.value as T;
}

export async function addProvider(page: Page, setup: ProviderSetup): Promise<{ id: string }> {
  return callBackground(page, 'providers.save', setup);
}

export async function openPanel(context: BrowserContext, extensionId: string): Promise<Page> {
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  return panel;
}

/**
 * Stops every service worker, as Chrome does after 30 s idle (Playwright's attachment otherwise keeps it
 * alive). Resolves once DevTools has reported the extension's worker stopped and then running again (the
 * panel reconnecting wakes a fresh one), so a test cannot pass without the kill having happened.
 */
export async function killServiceWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  let stopped = false;
  const restarted = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(stopped ? 'the worker did not start again' : 'the worker did not stop')), 15_000);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith('chrome-extension://')) continue;
        if (v.runningStatus === 'stopped') stopped = true;
        if (stopped && v.runningStatus === 'running') {
          clearTimeout(timer);
          resolve();
        }
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  try {
    await restarted;
  } finally {
    await cdp.detach();
  }
}

export async function sendChat(panel: Page, text: string): Promise<void> {
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
}

export const assistantMessages = (panel: Page) => panel.locator('.message.assistant');

/**
 * Allows the extension in incognito, as a user does with "Allow in Incognito" on chrome://extensions (the
 * page's own chrome.developerPrivate API behind that toggle). Developer mode goes on first: the toggle
 * reloads the extension, and Chromium disables a reloaded unpacked extension while developer mode is off
 * (the "unsupported developer extension" reason). The extension's pages close with the reload; this
 * resolves with a fresh options page once the reloaded extension answers, and checks that it now has
 * incognito access, so a caller cannot go on without it.
 */
export async function allowInIncognito(context: BrowserContext, extensionId: string): Promise<Page> {
  const manager = await context.newPage();
  await manager.goto('chrome://extensions');
  await manager.evaluate(async (id) => {
    const dev = (chrome as unknown as { developerPrivate: DeveloperPrivate }).developerPrivate;
    await dev.updateProfileConfiguration({ inDeveloperMode: true });
    await dev.updateExtensionConfiguration({ extensionId: id, incognitoAccess: true });
  }, extensionId);
  const info = await manager.evaluate(
    (id) => (chrome as unknown as { developerPrivate: DeveloperPrivate }).developerPrivate.getExtensionInfo(id),
    extensionId,
  );
  await manager.close();
  if (!info.incognitoAccess.isActive) throw new Error(`incognito access did not turn on: ${JSON.stringify(info.incognitoAccess)}`);
  const page = await context.newPage();
  const deadline = Date.now() + 15_000;
  for (;;) {
    // While the extension reloads its pages are blocked (net::ERR_BLOCKED_BY_CLIENT).
    const loaded = await page.goto(`chrome-extension://${extensionId}/options.html`).then(() => true, () => false);
    if (loaded) break;
    if (Date.now() > deadline) throw new Error(`the extension did not come back after allowing it in incognito (state ${info.state})`);
    await page.waitForTimeout(250);
  }
  const allowed = await page.evaluate(() => new Promise<boolean>((resolve) => chrome.extension.isAllowedIncognitoAccess(resolve)));
  if (!allowed) throw new Error('chrome.extension.isAllowedIncognitoAccess() is false after allowing the extension in incognito');
  return page;
}

/** The part of chrome://extensions' private API that allowInIncognito uses. */
interface DeveloperPrivate {
  updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>;
  updateExtensionConfiguration(update: { extensionId: string; incognitoAccess: boolean }): Promise<void>;
  getExtensionInfo(id: string): Promise<{ state: string; incognitoAccess: { isEnabled: boolean; isActive: boolean } }>;
}
