/**
 * Fixtures for end-to-end tests: a fresh Chromium profile with the built extension loaded, its id, a fake
 * LLM server, and helpers to open the extension's pages, configure a provider and kill the service worker.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { launchExtension, type LaunchedExtension } from '../harness/launch-extension';
import { startFakeLlm, type FakeLlm, type RecordedRequest } from '../fake-llm';
import { TITLE_INSTRUCTION } from '../../lib/background/generate-title';
// Specs compute expected text with the UI's own formatters, which read chrome.i18n: English here, as in Chromium's en-US.
import '../harness/install-english-i18n-global';

/** The request that names a conversation (its system prompt is the title instruction, in either wire format). */
export const isTitleRequest = (r: RecordedRequest) => JSON.stringify(r.body ?? '').includes(TITLE_INSTRUCTION);

/** The requests of the conversation itself, without the title request. */
export const chatRequests = (llm: FakeLlm, path?: string) =>
  llm.requests.filter((r) => !isTitleRequest(r) && r.method === 'POST' && (!path || r.path === path));

interface Fixtures {
  context: BrowserContext;
  extensionId: string;
  llm: FakeLlm;
  /** An extension page (the options page) from which tests can call the background like the UI does. */
  extPage: Page;
}

export const test = base.extend<Fixtures & { launched: LaunchedExtension }>({
  // eslint-disable-next-line no-empty-pattern
  launched: async ({}, use) => {
    const launched = await launchExtension();
    await use(launched);
    await launched.close();
  },
  context: async ({ launched }, use) => use(launched.context),
  extensionId: async ({ launched }, use) => use(launched.extensionId),
  // eslint-disable-next-line no-empty-pattern
  llm: async ({}, use) => {
    const llm = await startFakeLlm();
    // Conversation titles are written by the model after the first answer; keep them out of each test's script.
    llm.respondTo(isTitleRequest, { text: ['Canned title'] });
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

/**
 * Settings → Models and its "Add provider" form, as a user with no provider yet reaches it: options.html shows
 * the onboarding then, so they follow the Models link (a hash change: the page stays, as a click would keep it).
 */
/** Settings at one section (options.html#id), freshly loaded: without a provider, options.html alone is the onboarding. */
export async function openSettingsSection(page: Page, extensionId: string, id: string) {
  await page.goto(`chrome-extension://${extensionId}/options.html#${id}`);
  // A hash-only goto keeps the page and what it loaded before: reload for the current data.
  await page.reload();
}

export async function openAddProviderForm(page: Page, extensionId: string) {
  await page.goto(`chrome-extension://${extensionId}/options.html#models`);
  await page.getByRole('region', { name: 'Models' }).getByRole('button', { name: 'Add provider' }).click();
  return page.getByRole('form', { name: 'Edit provider' });
}

export {
  addProvider,
  assistantMessages,
  callBackground,
  composerText,
  killServiceWorker,
  openPanel,
  sendChat,
  tryAllowInIncognito,
  type ProviderSetup,
} from '../harness/extension-helpers';
