/** Helpers that act on the loaded extension the way its own pages do (shared by e2e tests and benches). */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { ProviderInput } from '../../lib/core/provider-config';

export type ProviderSetup = Omit<ProviderInput, 'id'>;

/** Calls the background through the typed protocol from an extension page, as the UI does. */
export async function callBackground<T>(page: Page, name: string, data: unknown): Promise<T> {
  const reply = await page.evaluate(
    ([n, d]) => chrome.runtime.sendMessage({ tabwise: 'background', name: n, data: d }),
    [name, data] as const,
  );
  if (!reply?.ok) throw new Error(`background ${name} failed: ${JSON.stringify(reply)}`);
  return reply.value as T;
}

export async function addProvider(page: Page, setup: ProviderSetup): Promise<{ id: string }> {
  return callBackground(page, 'providers.save', setup);
}

/** The fake LLM server as the OpenAI-compatible provider "Fake", the one most tests talk to. */
export function addFakeProvider(
  page: Page,
  llm: { openaiBaseUrl: string },
  model = 'fake-model',
): Promise<{ id: string }> {
  return addProvider(page, { kind: 'openai-compatible', name: 'Fake', baseUrl: llm.openaiBaseUrl, model });
}

export async function openPanel(context: BrowserContext, extensionId: string): Promise<Page> {
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  // The panel's first look at the tab in front (page-context-state.ts) is asynchronous, and a message goes with the
  // chips as shown: a test that sent at once, on a loaded machine, sent before the page chip was there, and its
  // page tools found no page. Once that look is done the panel shows the page's chip or says the page in front
  // cannot be read (the fixtures' extension page is always open, so one of them always shows).
  await panel
    .locator('.chips, .unreadable-page')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
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
    const timer = setTimeout(
      () => reject(new Error(stopped ? 'the worker did not start again' : 'the worker did not stop')),
      15_000,
    );
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

/**
 * The message box's draft as written, line breaks kept (the box is editable text with pills, not a textarea:
 * `toHaveValue` does not apply; a pill reads as its `@title`).
 */
export const composerText = (box: Locator): Promise<string> => box.evaluate((el) => el.textContent ?? '');

/** What the panel shows for each message it has taken: an answer, or a message queued or taken into a running one. */
const TAKEN = '.message.assistant, .queued-message, .interjection';

/**
 * Types `text` and sends it, then waits until the panel shows it was taken (a new answer, or the message queued
 * behind the running one), so a following check on "the last answer" cannot pass on the previous answer. The
 * wait gives up quietly after 10 s: a send the panel refuses (no provider) is for the test to check.
 */
export async function sendChat(panel: Page, text: string): Promise<void> {
  const before = await panel.locator(TAKEN).count();
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
  await panel
    .waitForFunction(([selector, n]) => document.querySelectorAll(selector).length > n, [TAKEN, before] as const, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

export const assistantMessages = (panel: Page) => panel.locator('.message.assistant');

/**
 * Flips "Allow in Incognito" on chrome://extensions as a user would (developer mode on first: Chromium
 * disables a reloaded unpacked extension while developer mode is off) and
 * answers what Chrome then reports for the extension, without insisting that it worked: for an extension
 * whose manifest says `"incognito": "not_allowed"` the toggle must stay off.
 */
export async function tryAllowInIncognito(
  context: BrowserContext,
  extensionId: string,
): Promise<{ incognitoAccess: { isEnabled: boolean; isActive: boolean }; error?: string }> {
  const manager = await context.newPage();
  await manager.goto('chrome://extensions');
  const result = await manager.evaluate(async (id) => {
    const dev = (chrome as unknown as { developerPrivate: DeveloperPrivate }).developerPrivate;
    await dev.updateProfileConfiguration({ inDeveloperMode: true });
    const error = await dev.updateExtensionConfiguration({ extensionId: id, incognitoAccess: true }).then(
      () => undefined,
      (e: unknown) => String(e),
    );
    const info = await dev.getExtensionInfo(id);
    return { incognitoAccess: info.incognitoAccess, ...(error ? { error } : {}) };
  }, extensionId);
  await manager.close();
  return result;
}

/** The part of chrome://extensions' private API that tryAllowInIncognito uses. */
interface DeveloperPrivate {
  updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>;
  updateExtensionConfiguration(update: { extensionId: string; incognitoAccess: boolean }): Promise<void>;
  getExtensionInfo(id: string): Promise<{ state: string; incognitoAccess: { isEnabled: boolean; isActive: boolean } }>;
}

/**
 * Turns "Allow access to file URLs" on or off for the extension, as a person does in chrome://extensions (its
 * page's own API). Chrome reloads the extension for it (its pages close); resolves once the new worker runs.
 * An extension loaded from the command line has file access by default, and one reloaded outside developer mode
 * is disabled as "unsupported", so developer mode is turned on first.
 */
export async function setFileAccess(context: BrowserContext, extensionId: string, allowed: boolean): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto('chrome://extensions/');
    const restarted = context.waitForEvent('serviceworker', {
      predicate: (w) => w.url().startsWith(`chrome-extension://${extensionId}/`),
      timeout: 15_000,
    });
    await page.evaluate(
      async ([id, fileAccess]) => {
        const dev = (chrome as unknown as { developerPrivate: DeveloperPrivate }).developerPrivate;
        await dev.updateProfileConfiguration({ inDeveloperMode: true });
        await dev.updateExtensionConfiguration({ extensionId: id, fileAccess });
      },
      [extensionId, allowed] as const,
    );
    await restarted;
  } finally {
    await page.close();
  }
}

interface DeveloperPrivate {
  updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>;
  updateExtensionConfiguration(update: { extensionId: string; fileAccess: boolean }): Promise<void>;
}
