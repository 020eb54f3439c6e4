/** Helpers that act on the loaded extension the way its own pages do (shared by e2e tests and benches). */
import type { BrowserContext, Page } from '@playwright/test';

export interface ProviderSetup {
  kind: 'openai' | 'anthropic' | 'openai-compatible';
  name: string;
  baseUrl: string;
  model: string;
  apiKey?: string;
}

/** Calls the background through the typed protocol from an extension page, as the UI does. */
export async function callBackground<T>(page: Page, name: string, data: unknown): Promise<T> {
  const reply = await page.evaluate(([n, d]) => chrome.runtime.sendMessage({ tabwise: 1, name: n, data: d }), [name, data] as const);
  if (!reply || 'err' in reply) throw new Error(`background ${name} failed: ${JSON.stringify(reply)}`);
  return reply.res as T;
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
