/**
 * Fixtures for end-to-end tests: a fresh Chromium profile with the built extension loaded, its id, a fake
 * LLM server, and helpers to open the extension's pages, configure a provider and kill the service worker.
 */
import { test as base, expect, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { launchExtension, type LaunchedExtension } from '../harness/launch-extension';
import { addFakeProvider, callBackground, openPanel } from '../harness/extension-helpers';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import { resetExtension } from '../harness/reset-extension';
import { startFakeLlm, type FakeLlm, type RecordedRequest } from '../fake-llm';
import { TITLE_INSTRUCTION } from '../../lib/background/generate-title';
// Specs compute expected text with the UI's own formatters, which read chrome.i18n: English here, as in Chromium's en-US.
import '../harness/install-english-i18n-global';

/** The request that names a conversation (its system prompt is the title instruction, in either wire format). */
export const isTitleRequest = (r: RecordedRequest) => JSON.stringify(r.body ?? '').includes(TITLE_INSTRUCTION);

/** The requests of the conversation itself, without the title request. */
export const chatRequests = (llm: FakeLlm, path?: string) =>
  llm.requests.filter((r) => !isTitleRequest(r) && r.method === 'POST' && (!path || r.path === path));

/** A fixture page (tests/fixtures/pages) open in a tab, and a reader for the state JSON its framework renders. */
export interface FixturePage {
  page: Page;
  /** Where the page's form and `#state` are: the page, or its `#inner` frame for the iframe fixture. */
  root: Page | FrameLocator;
  state(): Promise<Record<string, unknown>>;
}

export interface FixturePageOptions {
  /**
   * What shows the page is ready before the test goes on: its `#state` filled in (the default), `html[data-ready]`
   * (pages without form state, such as the article), or nothing (a test that waits for the page's state itself).
   */
  ready?: 'state' | 'data-ready' | 'none';
  /** Settings saved through the background before the page opens (e.g. `{ useSiteTools: true }`). */
  settings?: Record<string, unknown>;
}

/** The fixture pages of one worker: their server, and the usual set-up of a test that drives one of them. */
export interface FixturePages {
  /** Base URL ending in "/": pages are at `${url}react.html`. */
  url: string;
  /** Opens `${name}.html` in a new tab and waits until it is ready. */
  open(name: string, options?: Pick<FixturePageOptions, 'ready'>): Promise<FixturePage>;
  /** The fake LLM as the provider, the options' settings saved, the page opened, then the side panel in a tab. */
  setUp(name: string, options?: FixturePageOptions): Promise<FixturePage & { panel: Page }>;
}

interface Fixtures {
  context: BrowserContext;
  extensionId: string;
  llm: FakeLlm;
  /** An extension page (the options page) from which tests can call the background like the UI does. */
  extPage: Page;
  launched: LaunchedExtension;
  /** The fixture pages served on 127.0.0.1 (one server per worker), with `open` and `setUp` bound to this test. */
  fixturePages: FixturePages;
}

interface WorkerFixtures {
  /**
   * `test.use({ freshBrowser: true })`: every test of the file starts its own Chromium (a spec about what happens
   * at install or browser start, or one that changes the browser itself). Otherwise the tests of a worker share one
   * Chromium, and each starts from the extension as freshly installed (see resetExtension).
   */
  freshBrowser: boolean;
  sharedBrowser: SharedBrowser | undefined;
  /** The static server of the fixture pages, started the first time a test of the worker asks for it. */
  fixtureServer: FixtureServer;
}

interface SharedBrowser {
  launched?: LaunchedExtension;
  used: boolean;
  /** The last test changed the browser context itself (an init script, a binding, a route...): no reset undoes it. */
  changed: boolean;
}

/** Context methods whose effect outlives the test that called them: after one, the next test gets a new browser. */
const LASTING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'grantPermissions',
  'setOffline',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
] as const;

/**
 * Watches what a test does to a shared context: marks it changed on a lasting call, and returns the undo for the
 * rest (the event listeners the test added are removed, so none fires into the next test).
 */
function watchContext(context: BrowserContext, shared: SharedBrowser): () => void {
  const target = context as unknown as Record<string, (...args: unknown[]) => unknown>;
  const restore: Array<() => void> = [];
  const patch = (name: string, before: (args: unknown[]) => void) => {
    const original = target[name]!;
    target[name] = (...args: unknown[]) => {
      before(args);
      return original.apply(context, args);
    };
    restore.push(() => (target[name] = original));
  };
  for (const name of LASTING) patch(name, () => (shared.changed = true));
  const listeners: Array<[string, (...args: unknown[]) => void]> = [];
  for (const name of ['on', 'once', 'addListener', 'prependListener'])
    patch(name, ([event, listener]) => listeners.push([event as string, listener as (...args: unknown[]) => void]));
  return () => {
    for (const undo of restore) undo();
    for (const [event, listener] of listeners) context.off(event as 'page', listener);
  };
}

const CHANGES_BROWSER = 'changes-browser';

/**
 * Says the running test changes the browser in a way the reset does not undo (chrome://extensions settings, an
 * incognito window): the shared browser is closed after it, and the next test starts a new one.
 */
export function changesBrowser(why: string): void {
  base.info().annotations.push({ type: CHANGES_BROWSER, description: why });
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  freshBrowser: [false, { option: true, scope: 'worker' }],
  sharedBrowser: [
    async ({ freshBrowser }, use) => {
      if (freshBrowser) return use(undefined);
      const shared: SharedBrowser = { used: false, changed: false };
      await use(shared);
      await shared.launched?.close();
    },
    { scope: 'worker' },
  ],
  fixtureServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await serveFixturePages();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  launched: async ({ sharedBrowser }, use, testInfo) => {
    if (!sharedBrowser) {
      const launched = await launchExtension();
      await use(launched);
      await launched.close();
      return;
    }
    if (sharedBrowser.launched && sharedBrowser.used) {
      try {
        await resetExtension(sharedBrowser.launched);
      } catch (error) {
        console.warn(`resetting the shared browser failed, starting a new one: ${String(error)}`);
        await sharedBrowser.launched.close().catch(() => {});
        sharedBrowser.launched = undefined;
      }
    }
    sharedBrowser.launched ??= await launchExtension();
    sharedBrowser.used = true;
    sharedBrowser.changed = false;
    const unwatch = watchContext(sharedBrowser.launched.context, sharedBrowser);
    await use(sharedBrowser.launched);
    unwatch();
    // A failed test may leave anything behind, and a changed context cannot be reset: the next test gets a new browser.
    const declared = testInfo.annotations.some((a) => a.type === CHANGES_BROWSER);
    if (testInfo.status !== testInfo.expectedStatus || sharedBrowser.changed || declared) {
      await sharedBrowser.launched.close().catch(() => {});
      sharedBrowser.launched = undefined;
    }
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
    // The blank tab a new (or reset) browser has open: opening another costs Chromium about half a CPU-second.
    const page = context.pages().find((p) => p.url() === 'about:blank') ?? (await context.newPage());
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await use(page);
  },
  fixturePages: async ({ fixtureServer, context, extensionId, llm, extPage }, use) => {
    const open = (name: string, options: FixturePageOptions = {}) =>
      openFixturePage(context, fixtureServer, name, options);
    await use({
      url: fixtureServer.url,
      open,
      async setUp(name, options = {}) {
        await addFakeProvider(extPage, llm);
        if (options.settings) await callBackground(extPage, 'settings.update', options.settings);
        const opened = await open(name, options);
        const panel = await openPanel(context, extensionId);
        return { ...opened, panel };
      },
    });
  },
});

async function openFixturePage(
  context: BrowserContext,
  server: FixtureServer,
  name: string,
  { ready = 'state' }: FixturePageOptions,
): Promise<FixturePage> {
  const page = await context.newPage();
  await page.goto(`${server.url}${name}.html`);
  const root: Page | FrameLocator = name === 'iframe' ? page.frameLocator('#inner') : page;
  const stateEl = root.locator('#state');
  if (ready === 'state') await expect(stateEl).not.toBeEmpty();
  if (ready === 'data-ready') await expect(page.locator('html[data-ready]')).toHaveCount(1);
  const state = async () => JSON.parse((await stateEl.textContent()) ?? '{}') as Record<string, unknown>;
  return { page, root, state };
}

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
  addFakeProvider,
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
export { toolCall, toolCard, toolResults } from '../harness/tool-calls';
