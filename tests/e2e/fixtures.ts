/**
 * Fixtures for end-to-end tests: a fresh Chromium profile with the built extension loaded, its id, a fake
 * LLM server, and helpers to open the extension's pages, configure a provider and kill the service worker.
 */
import { test as base, chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumArgs, chromiumPath } from '../harness/chromium';
import { startFakeLlm, type FakeLlm } from '../fake-llm';

export const extensionDir = resolve('.output/chrome-mv3');

export interface ProviderSetup {
  kind: 'openai' | 'anthropic' | 'openai-compatible';
  name: string;
  baseUrl: string;
  model: string;
  apiKey?: string;
}

interface Fixtures {
  context: BrowserContext;
  extensionId: string;
  llm: FakeLlm;
  /** An extension page (the options page) from which tests can call the background like the UI does. */
  extPage: Page;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    if (!existsSync(join(extensionDir, 'manifest.json'))) throw new Error('Build the extension first: npm run build');
    const userDataDir = mkdtempSync(join(tmpdir(), 'tabwise-e2e-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath(),
      headless: true,
      channel: 'chromium',
      args: ['--headless=new', `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, ...chromiumArgs],
    });
    await use(context);
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  },
  extensionId: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(new URL(worker.url()).host);
  },
  // eslint-disable-next-line no-empty-pattern
  llm: async ({}, use) => {
    const llm = await startFakeLlm();
    await use(llm);
    await llm.close();
  },
  extPage: async ({ context, extensionId }, use) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await use(page);
  },
});

export { expect };

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

/** Stops every service worker, as Chrome does after 30 s idle (Playwright's attachment otherwise keeps it alive). */
export async function killServiceWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

export async function sendChat(panel: Page, text: string): Promise<void> {
  await panel.getByLabel('Message').fill(text);
  await panel.getByLabel('Message').press('Enter');
}

export const assistantMessages = (panel: Page) => panel.locator('.message.assistant');
