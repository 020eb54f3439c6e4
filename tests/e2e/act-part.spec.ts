/**
 * The act part in the built extension (lib/page/act-part.ts): the page agent injected into a tab carries no typing
 * or keys; the first `type` in a document has the worker inject page-actions.js into that frame, and the action
 * lands on that first call: in the page, in a same-origin frame, after the worker restarted with the approval card
 * open, and after the page reloaded (a new document, which gets the part again).
 */
import type { Page } from '@playwright/test';
import {
  addFakeProvider,
  assistantMessages,
  chatRequests,
  expect,
  killServiceWorker,
  openPanel,
  sendChat,
  test,
  toolCall,
  toolCard,
  toolResults,
} from './fixtures';
import { unwrapUntrusted } from '../security/untrusted-block';

const ORIGIN = 'http://act-part.example';
const PAGE = `<title>Trip</title><label>Search <input id="q"></label>
  <iframe id="inner" src="/inner.html" style="width:400px;height:120px"></iframe>`;
const INNER = `<label>Note <input id="note"></label>`;

/** Whether the act part is loaded in the page agent's isolated world of the tab's top frame. */
async function partLoaded(page: Page, extPage: Page): Promise<boolean> {
  const url = page.url();
  return extPage
    .evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const [injection] = await chrome.scripting.executeScript({
        target: { tabId: tab!.id! },
        func: () => [typeof globalThis.tabwisePageAgent, typeof globalThis.tabwiseActPart],
      });
      return injection?.result ?? [];
    }, url)
    .then(([agent, part]) => {
      if (agent !== 'object') throw new Error(`no page agent in the tab (${agent})`);
      return part === 'object';
    });
}

/** Every tool result the model received in the latest request, unwrapped. */
const results = (llm: Parameters<typeof chatRequests>[0]) =>
  toolResults(chatRequests(llm, '/v1/chat/completions').at(-1)?.body ?? { messages: [] }).map(unwrapUntrusted);

const approve = async (panel: Page, tool: string, nth: number) => {
  const card = toolCard(panel, tool).nth(nth);
  await card.getByRole('button', { name: 'Approve' }).click();
};

test('the first type in a document loads the act part and types: in the page, in a frame, across a worker restart and a reload', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  await context.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('/inner.html') ? INNER : PAGE }),
  );
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await expect(page.frameLocator('#inner').locator('#note')).toBeVisible();
  const panel = await openPanel(context, extensionId);

  llm.enqueue(
    toolCall('get_page_state'),
    toolCall('type', { ref: 'e1', text: 'Oslo' }),
    toolCall('type', { ref: 'e2', text: 'window seat' }),
    { text: ['Typed.'] },
  );
  await sendChat(panel, 'Search for Oslo and note a window seat');
  await expect(toolCard(panel, 'type').first().locator('.approval')).toBeVisible();
  // The snapshot injected the agent alone: nothing of typing is in the page yet.
  expect(await partLoaded(page, extPage)).toBe(false);
  const snapshot = results(llm)[0] ?? '';
  expect(snapshot).toContain('"Search"');
  expect(snapshot).toContain('"Note"');
  await approve(panel, 'type', 0);
  await expect(page.locator('#q')).toHaveValue('Oslo');
  expect(await partLoaded(page, extPage)).toBe(true);

  // The worker dies with the second card open; the new one sends the call to the same frame's agent.
  await expect(toolCard(panel, 'type').nth(1).locator('.approval')).toBeVisible();
  await killServiceWorker(context, panel);
  await approve(panel, 'type', 1);
  await expect(page.frameLocator('#inner').locator('#note')).toHaveValue('window seat');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const typed = results(llm).slice(1);
  expect(typed).toHaveLength(2);
  for (const r of typed) expect(r).toMatch(/typed \d+ characters/);

  // A reload is a new document: no agent, no part; the next run's first type gets both again.
  await page.reload();
  await expect(page.locator('#q')).toHaveValue('');
  llm.enqueue(toolCall('get_page_state'), toolCall('type', { ref: 'e1', text: 'Bergen' }), { text: ['Again.'] });
  await sendChat(panel, 'Now search for Bergen');
  await expect(toolCard(panel, 'type').nth(2).locator('.approval')).toBeVisible();
  expect(await partLoaded(page, extPage)).toBe(false);
  await approve(panel, 'type', 2);
  await expect(page.locator('#q')).toHaveValue('Bergen');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  expect(await partLoaded(page, extPage)).toBe(true);
});
