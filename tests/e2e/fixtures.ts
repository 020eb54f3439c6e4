/**
 * Fixtures for end-to-end tests: a fresh Chromium profile with the built extension loaded, its id, a fake
 * LLM server, and helpers to open the extension's pages, configure a provider and kill the service worker.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { launchExtension, type LaunchedExtension } from '../harness/launch-extension';
import { startFakeLlm, type FakeLlm, type RecordedRequest } from '../fake-llm';
import { TITLE_INSTRUCTION } from '../../lib/background/generate-title';

/** The request that names a conversation (its system prompt is the title instruction, in either wire format). */
export const isTitleRequest = (r: RecordedRequest) => JSON.stringify(r.body ?? '').includes(TITLE_INSTRUCTION);

/** The requests of the conversation itself, without the title request. */
export const chatRequests = (llm: FakeLlm, path?: string) => llm.requests.filter((r) => !isTitleRequest(r) && r.method === 'POST' && (!path || r.path === path));


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

export { addProvider, assistantMessages, callBackground, killServiceWorker, openPanel, sendChat, tryAllowInIncognito, type ProviderSetup } from '../harness/extension-helpers';
