/**
 * Pages an extension may not touch: with chrome://version or an extension's page in front, the panel says plainly
 * that it cannot read the page and why, offers to go on without it, and attaches nothing (no other tab is named
 * behind the user's back); only the user's choice attaches the last web page instead. Screenshots at 320 and
 * 360 px, light and dark, are written to the test's output folder.
 */
import type { Page } from '@playwright/test';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addFakeProvider, assistantMessages, chatRequests, expect, openPanel, sendChat, test } from './fixtures';

const article = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Octopus cognition</title></head>
<body><main><h1>Octopus cognition</h1><p>Octopuses open jars from the inside.</p></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/article.html': article });
});
test.afterAll(async () => server?.close());

async function shootWidths(panel: Page, name: string) {
  for (const width of [320, 360]) {
    for (const scheme of ['light', 'dark'] as const) {
      await panel.setViewportSize({ width, height: 640 });
      await panel.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`) });
    }
  }
  await panel.setViewportSize({ width: 360, height: 640 });
  await panel.emulateMedia({ colorScheme: 'light' });
}

/** The text of the last request the conversation sent the model. */
const lastRequest = (llm: Parameters<typeof chatRequests>[0]) => JSON.stringify(chatRequests(llm).at(-1)!.body);

test('a chrome:// page in front: the panel says it cannot read it and why, attaches nothing, and another tab only when chosen', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const site = await context.newPage();
  await site.goto(`${server.url}/article.html`);
  // The page in front is one Chrome keeps to itself.
  const front = await context.newPage();
  await front.goto('chrome://version');
  const panel = await openPanel(context, extensionId);
  await panel.setViewportSize({ width: 360, height: 640 });

  const notice = panel.locator('.unreadable-page');
  await expect(notice).toContainText("Tabwise can't read this page.");
  await expect(notice).toContainText('Chrome keeps its own pages');
  // The web page used before is not attached behind the user's back; it is only offered.
  await expect(panel.locator('.chip')).toHaveCount(0);
  await expect(notice.getByRole('button', { name: 'Use “Octopus cognition” instead' })).toBeVisible();
  await shootWidths(panel, 'unreadable-chrome');

  // Asking now sends no page.
  llm.enqueue({ text: ['Hello without a page.'] });
  await sendChat(panel, 'Hello');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  expect(lastRequest(llm)).not.toContain('Octopus cognition');
  expect(lastRequest(llm)).not.toContain('/article.html');

  // Going on without it: the notice goes, and still nothing is attached.
  await notice.getByRole('button', { name: 'Work without it' }).click();
  await expect(notice).toHaveCount(0);
  await expect(panel.locator('.chip')).toHaveCount(0);

  // Another kind of page no extension may read: an extension's own page (the Web Store cannot be opened here:
  // Chrome gives it a process of its own that the test browser loses; tests/unit/page/page-access.test.ts
  // covers its addresses). Opened in a tab of its own, it comes to the front.
  const settings = await context.newPage();
  await settings.goto(`chrome-extension://${extensionId}/options.html#about`);
  await expect(notice).toContainText('Pages of extensions are closed to other extensions.');
  await expect(panel.locator('.chip')).toHaveCount(0);
  await shootWidths(panel, 'unreadable-extension');

  // The user chooses the web page: now it is attached, and named on the chip.
  await notice.getByRole('button', { name: 'Use “Octopus cognition” instead' }).click();
  await expect(notice).toHaveCount(0);
  await expect(panel.locator('.chip')).toContainText('Page: Octopus cognition');
  llm.enqueue({ text: ['About the octopus page.'] });
  await sendChat(panel, 'What is it about?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  expect(lastRequest(llm)).toContain('Octopus cognition');
  expect(lastRequest(llm)).toContain('/article.html');
});

test('a web page in front is attached as before, with no notice', async ({ context, extensionId, llm, extPage }) => {
  await addFakeProvider(extPage, llm, 'm');
  const site = await context.newPage();
  await site.goto(`${server.url}/article.html`);
  const panel = await openPanel(context, extensionId);
  await expect(panel.locator('.chip')).toContainText('Page: Octopus cognition');
  await expect(panel.locator('.unreadable-page')).toHaveCount(0);
});
