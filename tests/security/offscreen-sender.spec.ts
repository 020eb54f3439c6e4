/**
 * The offscreen retrieval engine (and its document reader) answers the extension's service worker only. Every extension context and
 * every content script can put a message on chrome.runtime, so a page that drives the content script (or
 * any other context of ours) must not be able to read, list or delete the history index directly: the
 * engine answers those with 'forbidden', and the index is unchanged.
 */
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { callBackground, expect, test } from '../e2e/fixtures';

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({
    '/hostile.html':
      '<!doctype html><html><head><title>Hostile</title></head><body><p>Nothing to see.</p></body></html>',
  });
});
test.afterAll(async () => server?.close());

const model = { id: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', allowRemote: false };
const forged = [
  { tabwise: 'offscreen', name: 'stats', data: { model } },
  { tabwise: 'offscreen', name: 'pages', data: { model } },
  { tabwise: 'offscreen', name: 'delete', data: { model, target: { kind: 'all' } } },
  // The document reader takes bytes out of the transfers store: only the worker may ask it to.
  {
    tabwise: 'offscreen',
    name: 'readDocument',
    data: { transferId: '6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'stolen.pdf', maxChars: 1000 },
  },
];

test("the engine refuses a content script and an extension page; the worker's own requests still work", async ({
  context,
  extPage,
}) => {
  // The worker's request creates the offscreen document, so the forged messages below reach a live engine.
  const before = await callBackground<{ pages: number; chunks: number }>(extPage, 'index.stats', {});
  expect(
    await extPage.evaluate(() =>
      chrome.runtime
        .getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] })
        .then((c) => c.length),
    ),
  ).toBe(1);

  const tab = await context.newPage();
  await tab.goto(`${server.url}/hostile.html`);
  const tabId = await extPage.evaluate(
    (url) => chrome.tabs.query({ url }).then((t) => t[0]?.id),
    `${server.url}/hostile.html`,
  );
  expect(tabId).toBeDefined();

  for (const message of forged) {
    // From the content-script world of a web page: what a page that drives our content script could send.
    const [fromTab] = await extPage.evaluate(
      ([id, m]) =>
        chrome.scripting.executeScript({
          target: { tabId: id },
          func: (msg: unknown) => chrome.runtime.sendMessage(msg),
          args: [m],
        }),
      [tabId!, message] as const,
    );
    expect(fromTab?.result, `${message.name} from a content script`).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    // From one of our own pages (the options page): still not the worker.
    expect(
      await extPage.evaluate((m) => chrome.runtime.sendMessage(m), message),
      `${message.name} from an extension page`,
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  }

  expect(await callBackground<{ pages: number; chunks: number }>(extPage, 'index.stats', {})).toMatchObject({
    pages: before.pages,
    chunks: before.chunks,
  });
});
