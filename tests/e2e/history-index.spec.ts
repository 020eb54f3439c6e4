/**
 * "Remember what I read" end to end in the built extension: opt in (the capture script is registered
 * then, and only then), visit local pages, the capture script captures them, the background queues them durably and the offscreen engine (transformers.js in
 * a Web Worker, glove-sif-100d served from ../shared/models over 127.0.0.1) indexes them; the agent's
 * search_history tool finds and cites a passage; privacy rules keep pages and secrets out; deletion
 * empties both sides of the hybrid index; a killed worker loses nothing and indexes nothing twice; the
 * extension cannot be allowed in incognito (manifest `not_allowed`), and a page read in an incognito window is never indexed.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  changesBrowser,
  expect,
  killServiceWorker,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
  tryAllowInIncognito,
} from './fixtures';

const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
const haveModel = existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));
if (!haveModel)
  console.log(
    `history-index: SKIPPED, the local test model ${resolve(modelsDir, 'glove-sif-100d')} was not found (set TABWISE_MODELS_DIR)`,
  );
test.skip(!haveModel, `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);

const filler = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} about ${topic}: this part of the article goes over background material and context that a reader skims before reaching the main point.</p>`,
  ).join('\n');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><article><h1>${title}</h1>${body}</article></main></body></html>`;

const PASSAGE = 'Octopuses can unscrew the lids of jars from the inside to reach the crab kept within.';
const pages: Record<string, string> = {
  '/articles/octopus.html': page(
    'Octopus cognition',
    `${filler('cephalopods', 30)}<h2>Problem solving</h2><p>${PASSAGE}</p>${filler('cephalopods', 4)}`,
  ),
  '/articles/sourdough.html': page(
    'Sourdough basics',
    `<p>A sourdough starter is a culture of wild yeast and lactobacilli that leavens bread without commercial yeast.</p>${filler('bread', 6)}`,
  ),
  '/articles/volcano.html': page(
    'How volcanoes erupt',
    `<p>Magma rises because it is less dense than the surrounding rock, and dissolved gases drive explosive eruptions.</p>${filler('geology', 6)}`,
  ),
  '/private/diary.html': page(
    'My diary',
    '<p>Today the zephyrquokka canary visited the garden and nobody must ever find this sentence.</p>',
  ),
  '/articles/receipt.html': page(
    'Order receipt',
    '<p>Thanks for your order of a ceramic teapot. Paid with card 4111 1111 1111 1111, expiring next spring.</p>',
  ),
  // The same kind of article twice, each with its own canary word: one is read in incognito, one in a normal window.
  '/articles/lighthouse.html': page(
    'Lighthouse keepers',
    `<p>The keeper trimmed the wick at dusk while the glimmerwhelk canary watched the sea.</p>${filler('lighthouses', 6)}`,
  ),
  '/articles/harbour.html': page(
    'Harbour pilots',
    `<p>The pilot boarded at dawn while the brindlemoss canary watched the tide.</p>${filler('harbours', 6)}`,
  ),
};

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic(pages, { '/models/': modelsDir });
});
test.afterAll(async () => server?.close());

interface Stats {
  pages: number;
  chunks: number;
  queueDepth: number;
  model: string;
  modelError?: string;
  lastError?: string;
  indexed: number;
}
interface Passage {
  title: string;
  url: string;
  fragmentUrl: string;
  visitedAt: number;
  score: number;
  text: string;
}
interface PageRow {
  url: string;
  title: string;
  chunks: number;
  visitedAt: number;
}

async function optIn(extPage: Page, extra: Record<string, unknown> = {}) {
  await callBackground(extPage, 'index.settings.update', {
    enabled: true,
    dwellMs: 300,
    deniedPatterns: ['*/private/*'],
    model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${server.url}/models/`, allowRemote: false },
    ...extra,
  });
}

async function visit(context: BrowserContext, url: string) {
  const tab = await context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  // Dwell is 300 ms; give the capture time to be sent before the tab goes.
  await tab.waitForTimeout(900);
  return tab;
}

async function waitForIndexed(extPage: Page, pagesExpected: number, timeout = 45_000): Promise<Stats> {
  let last: Stats | undefined;
  await expect
    .poll(
      async () => {
        last = await callBackground<Stats>(extPage, 'index.stats', {});
        if (last.lastError) throw new Error(`indexing failed: ${last.lastError}`);
        return last.queueDepth === 0 ? last.pages : -1;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(pagesExpected);
  return last!;
}

test('visited pages are indexed, searched by the agent, cited with a text-fragment link; privacy holds; deleting a domain empties both sides', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  await optIn(extPage);
  const localhost = `http://localhost:${server.port}`;
  await visit(context, `${server.url}/articles/octopus.html`);
  await visit(context, `${server.url}/articles/sourdough.html`);
  await visit(context, `${localhost}/articles/volcano.html`);
  await visit(context, `${server.url}/private/diary.html`);
  await visit(context, `${server.url}/articles/receipt.html`);
  const stats = await waitForIndexed(extPage, 4);
  expect(stats.model).toBe('ready');
  const listed = await callBackground<{ pages: PageRow[] }>(extPage, 'index.pages', {});
  expect(listed.pages.map((p) => new URL(p.url).pathname).sort()).toEqual([
    '/articles/octopus.html',
    '/articles/receipt.html',
    '/articles/sourdough.html',
    '/articles/volcano.html',
  ]);

  // Privacy: the denylisted page and the card number never reach the index, on either side.
  for (const mode of ['sparse', 'hybrid'] as const) {
    expect(await callBackground<Passage[]>(extPage, 'index.search', { query: 'zephyrquokka', mode })).toEqual([]);
    const card = await callBackground<Passage[]>(extPage, 'index.search', { query: '4111 1111 1111 1111', mode });
    expect(card.filter((p) => p.text.includes('4111'))).toEqual([]);
  }
  const receipt = await callBackground<Passage[]>(extPage, 'index.search', {
    query: 'ceramic teapot order',
    mode: 'sparse',
  });
  expect(receipt[0]?.text).toContain('[redacted]');
  expect(receipt[0]?.text).not.toMatch(/4111/);

  // The agent searches and cites.
  const found = await callBackground<Passage[]>(extPage, 'index.search', { query: 'octopus unscrew jar lids' });
  const top = found[0]!;
  expect(top.url).toBe(`${server.url}/articles/octopus.html`);
  expect(top.text).toContain('unscrew the lids of jars');
  expect(top.fragmentUrl).toMatch(/#:~:text=/);
  await addFakeProvider(extPage, llm, 'fake-chat-1');
  llm.enqueue(
    { toolCalls: [{ name: 'search_history', arguments: JSON.stringify({ query: 'octopus unscrew jar lids' }) }] },
    { text: [`You read that octopuses open jars from the inside ([Octopus cognition](${top.fragmentUrl})).`] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Where did I read about octopuses opening jars?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  // The tool really returned the passage with that fragment URL to the model.
  const toolTurn = JSON.stringify(llm.requests.map((r) => r.body));
  expect(toolTurn).toContain(JSON.stringify(top.fragmentUrl).slice(1, -1));
  const link = answer.locator('a', { hasText: 'Octopus cognition' });
  await expect(link).toHaveCount(1);
  const href = await link.getAttribute('href');
  expect(decodeURIComponent(href!)).toBe(decodeURIComponent(top.fragmentUrl));
  const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await opened.waitForLoadState('load');
  expect(opened.url().split('#')[0]).toBe(`${server.url}/articles/octopus.html`);
  await expect(opened.getByText(PASSAGE)).toBeInViewport({ timeout: 5_000 });

  // Grounding "prefer": the message's retrieved passages reach the model in the user's turn, marked as page content.
  await callBackground(extPage, 'index.settings.update', { grounding: 'prefer' });
  llm.enqueue({ text: ['Grounded answer.'] });
  const sentBefore = llm.requests.length;
  await sendChat(panel, 'How do sourdough starters leaven bread?');
  await expect(assistantMessages(panel).last()).toContainText('Grounded answer.', { timeout: 30_000 });
  const grounded = llm.requests
    .slice(sentBefore)
    .map((r) => JSON.stringify(r.body))
    .find((b) => b.includes('How do sourdough starters'));
  expect(grounded).toContain("Retrieved from the user's reading history");
  expect(grounded).toContain('A sourdough starter is a culture of wild yeast');
  const groundedBody = JSON.parse(grounded!) as { messages: { role: string; content: string }[] };
  expect(groundedBody.messages[0]!.content).not.toContain('A sourdough starter is a culture of wild yeast');
  expect(groundedBody.messages.at(-1)!.content).toMatch(
    /<untrusted_page_content boundary="[0-9a-f]{32}" source="reading_history">[\s\S]*A sourdough starter is a culture of wild yeast/,
  );

  // Delete a domain: zero hits from the text side and the vector side.
  const volcanoQuery = 'magma rises less dense rock gases eruptions';
  expect(
    (await callBackground<Passage[]>(extPage, 'index.search', { query: volcanoQuery, mode: 'sparse' })).some((p) =>
      p.url.startsWith(localhost),
    ),
  ).toBe(true);
  const removed = await callBackground<{ chunks: number; urls: string[] }>(extPage, 'index.delete', {
    kind: 'domain',
    domain: 'localhost',
  });
  expect(removed.urls).toEqual([`${localhost}/articles/volcano.html`]);
  for (const mode of ['sparse', 'dense', 'hybrid'] as const) {
    const hits = await callBackground<Passage[]>(extPage, 'index.search', {
      query: volcanoQuery,
      mode,
      topK: 100,
      minScore: 0,
    });
    expect(
      hits.filter((p) => p.url.startsWith(localhost)),
      mode,
    ).toEqual([]);
    expect(
      await callBackground<Passage[]>(extPage, 'index.search', {
        query: volcanoQuery,
        mode,
        domain: 'localhost',
        minScore: 0,
      }),
    ).toEqual([]);
  }
  expect((await callBackground<Stats>(extPage, 'index.stats', {})).pages).toBe(3);
});

test('a service worker killed mid-ingestion loses nothing and indexes nothing twice', async ({ context, extPage }) => {
  test.setTimeout(120_000);
  await optIn(extPage);
  const urls = [
    '/articles/octopus.html',
    '/articles/sourdough.html',
    '/articles/volcano.html',
    '/articles/receipt.html',
  ].map((p) => server.url + p);
  // All four tabs at once: their captures arrive together while the first ingestion is still loading the model.
  await Promise.all(urls.map(async (u) => (await context.newPage()).goto(u)));
  let before: Stats | undefined;
  await expect
    .poll(async () => (before = await callBackground<Stats>(extPage, 'index.stats', {})).queueDepth, {
      timeout: 15_000,
      intervals: [50],
    })
    .toBeGreaterThan(0);
  // The helper waits until the worker is stopped and running again; as a user's next visit would, the
  // settings page's stats requests wake it.
  let killedDone = false;
  const killed = killServiceWorker(context, extPage).finally(() => (killedDone = true));
  while (!killedDone) {
    await extPage.waitForTimeout(250);
    if (!killedDone)
      await callBackground(extPage, 'index.stats', {}).catch((e: unknown) =>
        console.log('wake attempt:', String(e).slice(0, 80)),
      );
  }
  await killed;
  console.log(`killed the worker with ${before!.queueDepth} captures queued and ${before!.pages} pages indexed`);
  // The next message wakes a fresh worker, which drains what is left.
  const after = await waitForIndexed(extPage, urls.length);
  const listed = await callBackground<{ pages: PageRow[] }>(extPage, 'index.pages', {});
  expect(listed.pages.map((p) => p.url).sort()).toEqual([...urls].sort());
  // Nothing twice: the chunks counted per page add up to the index's total, and a page's passages are unique.
  expect(listed.pages.reduce((n, p) => n + p.chunks, 0)).toBe(after.chunks);
  const hits = await callBackground<Passage[]>(extPage, 'index.search', {
    query: 'octopus unscrew jar lids',
    mode: 'sparse',
    topK: 100,
    minScore: 0,
  });
  expect(new Set(hits.map((h) => h.text)).size).toBe(hits.length);
  // Revisiting unchanged content is not re-indexed.
  const indexedBefore = after.indexed;
  await visit(context, urls[0]!);
  await extPage.waitForTimeout(1500);
  expect((await callBackground<Stats>(extPage, 'index.stats', {})).indexed).toBe(indexedBefore);
});

test('the options page: opt in on one screen, browse and search the index, delete a page, pause', async ({
  context,
  extensionId,
  extPage,
}) => {
  test.setTimeout(90_000);
  await openSettingsSection(extPage, extensionId, 'remember');
  const section = extPage.getByRole('region', { name: 'Remember what I read' });
  await expect(section.getByText('Everything stays in this browser')).toBeVisible();
  await section.getByRole('button', { name: 'Remember pages I read' }).click();
  await expect(section.getByRole('checkbox', { name: 'Pause remembering' })).not.toBeChecked();
  // The test model and a short dwell (the product defaults are the hub model and 5 s).
  await optIn(extPage);
  await visit(context, `${server.url}/articles/octopus.html`);
  await visit(context, `${server.url}/articles/sourdough.html`);
  await waitForIndexed(extPage, 2);
  await extPage.reload();
  const list = section.getByRole('list', { name: 'Remembered pages' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Octopus cognition');
  await expect(section.getByRole('status').filter({ hasText: 'passages' })).toContainText('2 pages');
  await section.getByRole('searchbox', { name: 'Search remembered pages' }).fill('sourdough');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await section.getByRole('button', { name: `Delete ${server.url}/articles/sourdough.html` }).click();
  await expect(section.getByText(/Deleted .*1 page/)).toBeVisible();
  await section.getByRole('searchbox', { name: 'Search remembered pages' }).fill('');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // Paused: a newly visited page is not captured.
  await section.getByRole('checkbox', { name: 'Pause remembering' }).check();
  await expect(section.getByText('Paused.')).toBeVisible();
  await visit(context, `${server.url}/articles/volcano.html`);
  await extPage.waitForTimeout(1000);
  const stats = await callBackground<Stats>(extPage, 'index.stats', {});
  expect([stats.pages, stats.queueDepth]).toEqual([1, 0]);
});

/** The extension's service worker (the one page agents take commands from), once it runs. */
async function backgroundWorker(context: BrowserContext, extensionId: string): Promise<Worker> {
  const url = `chrome-extension://${extensionId}/background.js`;
  let found: Worker | undefined;
  await expect
    .poll(
      async () => {
        for (const w of context.serviceWorkers().filter((w) => w.url() === url)) {
          if (await w.evaluate(() => true).catch(() => false)) return !!(found = w);
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Sends a message to the background from inside a tab, in the extension's content-script world: the background sees that tab as the sender. */
async function sendFromTab(extPage: Page, tabId: number, message: unknown): Promise<unknown> {
  const [result] = await extPage.evaluate(
    ([id, msg]) =>
      chrome.scripting.executeScript({
        target: { tabId: id },
        func: (m: unknown) => chrome.runtime.sendMessage(m),
        args: [msg],
      }),
    [tabId, message] as const,
  );
  return result?.result;
}

test('never in incognito: the extension cannot be allowed there, so an incognito page is neither scripted nor indexed; the same kind of page in a normal window is', async ({
  context,
  extensionId,
  extPage,
}) => {
  test.setTimeout(90_000);
  // It asks chrome://extensions to allow incognito and opens an incognito window: the next test gets a new browser.
  changesBrowser('asks chrome://extensions for incognito access and opens an incognito window');
  // The manifest says "not_allowed", and Chrome holds to it: the user's "Allow in Incognito" toggle stays off.
  expect(await extPage.evaluate(() => chrome.runtime.getManifest().incognito)).toBe('not_allowed');
  expect((await tryAllowInIncognito(context, extensionId)).incognitoAccess).toEqual({
    isEnabled: false,
    isActive: false,
  });
  expect(
    await extPage.evaluate(() => new Promise<boolean>((resolve) => chrome.extension.isAllowedIncognitoAccess(resolve))),
  ).toBe(false);
  await optIn(extPage);
  const incognitoUrl = `${server.url}/articles/lighthouse.html`;
  const normalUrl = `${server.url}/articles/harbour.html`;

  // The extension may open an incognito window, but Chrome tells it nothing about it (no window, no tab).
  expect(
    await extPage.evaluate((url) => chrome.windows.create({ incognito: true, url, focused: true }), incognitoUrl),
  ).toBeNull();
  let incognitoTab: Page | undefined;
  await expect
    .poll(() => (incognitoTab = context.pages().find((p) => p.url() === incognitoUrl)) !== undefined)
    .toBe(true);
  await incognitoTab!.waitForLoadState('load');
  await incognitoTab!.bringToFront();
  // Preconditions, so the test cannot pass vacuously: the page really is in another (off-the-record) browser
  // context than the extension's pages, and it shows the canary, visible, long enough for a dwell.
  const contextOf = async (p: Page) => {
    const cdp = await context.newCDPSession(p);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.detach();
    return targetInfo.browserContextId;
  };
  expect(await contextOf(incognitoTab!)).not.toBe(await contextOf(extPage));
  await expect(incognitoTab!.locator('body')).toContainText('glimmerwhelk canary');
  expect(await incognitoTab!.evaluate(() => document.visibilityState)).toBe('visible');
  // The capture script is registered (remembering is on), yet the background sees no incognito tab to script.
  const worker = await backgroundWorker(context, extensionId);
  expect(
    await worker.evaluate(() => chrome.scripting.getRegisteredContentScripts().then((s) => s.map((c) => c.id))),
  ).toEqual(['tabwise-capture']);
  const tabs = await worker.evaluate(() =>
    chrome.tabs.query({}).then((ts) => ts.map((t) => ({ url: t.url ?? '', incognito: t.incognito }))),
  );
  expect(tabs.filter((t) => t.incognito || t.url === incognitoUrl)).toEqual([]);

  // Several dwells in the incognito tab, then the normal page; once IT is indexed, ingestion has run.
  await incognitoTab!.waitForTimeout(1500);
  const normalTab = await visit(context, normalUrl);
  const normalTabId = await extPage.evaluate((url) => chrome.tabs.query({ url }).then((ts) => ts[0]?.id), normalUrl);
  expect(await sendFromTab(extPage, normalTabId!, { tabwise: 'capture', name: 'config', data: {} })).toEqual({
    ok: true,
    value: { enabled: true, dwellMs: 300 },
  });
  await normalTab.close();
  // Until the normal page is in and nothing waits in the queue (the incognito one was read first).
  await expect
    .poll(
      async () => {
        const stats = await callBackground<Stats>(extPage, 'index.stats', {});
        if (stats.lastError) throw new Error(`indexing failed: ${stats.lastError}`);
        const listed = await callBackground<{ pages: PageRow[] }>(extPage, 'index.pages', {});
        return stats.queueDepth === 0 && listed.pages.some((p) => p.url === normalUrl);
      },
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  const listed = await callBackground<{ pages: PageRow[] }>(extPage, 'index.pages', {});
  expect(listed.pages.map((p) => p.url)).toEqual([normalUrl]);
  expect((await callBackground<Stats>(extPage, 'index.stats', {})).pages).toBe(1);
  expect(
    (await callBackground<Passage[]>(extPage, 'index.search', { query: 'brindlemoss canary', mode: 'sparse' }))[0]?.url,
  ).toBe(normalUrl);
  for (const mode of ['sparse', 'dense', 'hybrid'] as const) {
    const hits = await callBackground<Passage[]>(extPage, 'index.search', {
      query: 'glimmerwhelk canary lighthouse keeper wick',
      mode,
      topK: 100,
      minScore: 0,
    });
    expect(
      hits.filter((p) => p.url === incognitoUrl || p.text.includes('glimmerwhelk')),
      mode,
    ).toEqual([]);
  }
  expect(await callBackground<Passage[]>(extPage, 'index.search', { query: 'glimmerwhelk', mode: 'sparse' })).toEqual(
    [],
  );

  // The index browser on the options page lists the normal page only.
  await openSettingsSection(extPage, extensionId, 'remember');
  const list = extPage
    .getByRole('region', { name: 'Remember what I read' })
    .getByRole('list', { name: 'Remembered pages' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Harbour pilots');
  await expect(list).not.toContainText('Lighthouse keepers');
  await expect(list).not.toContainText(incognitoUrl);
});

test("the capture script is registered only while remembering is on, and a capture is decided on the tab's own URL, not the one a page claims", async ({
  context,
  extensionId,
  extPage,
}) => {
  test.setTimeout(90_000);
  const worker = await backgroundWorker(context, extensionId);
  const registered = () =>
    worker.evaluate(() => chrome.scripting.getRegisteredContentScripts().then((s) => s.map((c) => c.id)));
  /** Whether capture ran in the tab: it loads the page reader into the frame's isolated world once the page qualifies. */
  const readerIn = (tabId: number) =>
    extPage.evaluate(
      (id) =>
        chrome.scripting
          .executeScript({
            target: { tabId: id },
            func: () => typeof (globalThis as { tabwisePageReader?: unknown }).tabwisePageReader,
          })
          .then(([r]) => r?.result),
      tabId,
    );
  const tabIdOf = (url: string) => extPage.evaluate((u) => chrome.tabs.query({ url: u }).then((ts) => ts[0]!.id!), url);
  expect(await registered()).toEqual([]);

  await optIn(extPage);
  expect(await registered()).toEqual(['tabwise-capture']);
  const volcanoUrl = `${server.url}/articles/volcano.html`;
  const volcano = await visit(context, volcanoUrl);
  await waitForIndexed(extPage, 1);
  const volcanoTab = await tabIdOf(volcanoUrl);
  expect(await readerIn(volcanoTab)).toBe('function');

  // A page that lies about its URL (another page of its site) is refused, and nothing is indexed under the claim.
  const claimed = `${server.url}/articles/sourdough.html`;
  const lie = (url: string) => ({
    tabwise: 'capture',
    name: 'capture',
    data: {
      url,
      title: 'Sourdough basics',
      lang: 'en',
      text: 'The quillfern canary claims to be another page.',
      hash: '00112233445566aa',
    },
  });
  expect(await sendFromTab(extPage, volcanoTab, lie(claimed))).toEqual({
    ok: true,
    value: { status: 'refused', reason: 'url-changed' },
  });
  // A single-page app that moved to a denied route: its capture under the old URL is refused too.
  await volcano.evaluate(() => history.pushState(null, '', '/private/moved.html'));
  expect(await sendFromTab(extPage, volcanoTab, lie(volcanoUrl))).toEqual({
    ok: true,
    value: { status: 'refused', reason: 'url-changed' },
  });
  await volcano.waitForTimeout(1000);
  const listed = await callBackground<{ pages: PageRow[] }>(extPage, 'index.pages', {});
  expect(listed.pages.map((p) => p.url)).toEqual([volcanoUrl]);
  expect(await callBackground<Passage[]>(extPage, 'index.search', { query: 'quillfern', mode: 'sparse' })).toEqual([]);

  // Off: unregistered, and a page opened now gets no capture script (it never loads the reader).
  await callBackground(extPage, 'index.settings.update', { enabled: false });
  expect(await registered()).toEqual([]);
  const octopusUrl = `${server.url}/articles/octopus.html`;
  await visit(context, octopusUrl);
  expect(await readerIn(await tabIdOf(octopusUrl))).toBe('undefined');
  // And on again: registered again.
  await callBackground(extPage, 'index.settings.update', { enabled: true });
  expect(await registered()).toEqual(['tabwise-capture']);
});
