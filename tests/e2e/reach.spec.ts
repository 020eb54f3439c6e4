import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { extensionDir } from '../harness/launch-extension';
import { addFakeProvider, chatRequests, composerText, expect, openPanel, test } from './fixtures';

/** Width and height from a PNG's signature and IHDR chunk; throws if the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the built manifest reads like a store listing and has its icons, each a PNG of its size', () => {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8'));
  // Name and description are translated (__MSG_…__): the store listing reads them in the default locale's words.
  expect(manifest.default_locale).toBe('en');
  const english = JSON.parse(readFileSync(join(extensionDir, '_locales/en/messages.json'), 'utf8'));
  const listed = (text: string) => text.replace(/^__MSG_(\w+)__$/, (_: string, key: string) => english[key].message);
  expect(listed(manifest.name)).toMatch(/^Tabwise/);
  expect(manifest.short_name).toBe('Tabwise');
  expect(listed(manifest.description).length).toBeGreaterThan(60);
  expect(listed(manifest.description).length).toBeLessThanOrEqual(132);
  for (const icons of [manifest.icons, manifest.action.default_icon]) {
    expect(Object.keys(icons).sort()).toEqual(['128', '16', '32', '48']);
    for (const [size, file] of Object.entries<string>(icons)) {
      expect(pngSize(readFileSync(join(extensionDir, file)))).toEqual({ width: Number(size), height: Number(size) });
    }
  }
});

test('a keyboard shortcut opens the panel: the action command has its key, and the action opens the panel', async ({
  extPage,
}) => {
  const commands = await extPage.evaluate(() => chrome.commands.getAll());
  expect(commands).toEqual([expect.objectContaining({ name: '_execute_action', shortcut: 'Ctrl+Shift+Y' })]);
  await expect
    .poll(() => extPage.evaluate(async () => (await chrome.sidePanel.getPanelBehavior()).openPanelOnActionClick))
    .toBe(true);
});

/** A web page with a title the worker can find its tab by. */
async function openWebPage(context: BrowserContext, title: string): Promise<Page> {
  const page = await context.newPage();
  await page.setContent(`<title>${title}</title><p>Some text on the page.</p><form><input name="q"></form>`);
  return page;
}

/** Calls the context menu's onClicked listener in the worker, as Chrome does on a click, for the tab titled `title`. */
async function clickMenu(context: BrowserContext, title: string, info: { menuItemId: string; selectionText?: string }) {
  const worker = context.serviceWorkers()[0]!;
  await worker.evaluate(
    async ([t, i]) => {
      const [tab] = await chrome.tabs.query({ title: t });
      const menu = (
        globalThis as unknown as { tabwiseContextMenu: { onClicked(info: unknown, tab: unknown): Promise<void> } }
      ).tabwiseContextMenu;
      await menu.onClicked(i, tab);
    },
    [title, info] as const,
  );
}

test("the context menu composes the request in the panel's message box and sends nothing", async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'fake-chat-1');
  // The three items exist in Chrome (update() rejects an id that was never created; a made-up one shows it does).
  const exists = (id: string) =>
    context.serviceWorkers()[0]!.evaluate(
      (i) =>
        chrome.contextMenus.update(i, {}).then(
          () => true,
          () => false,
        ),
      id,
    );
  await expect
    .poll(() =>
      Promise.all(['tabwise-ask-selection', 'tabwise-summarise-page', 'tabwise-fill-form', 'made-up'].map(exists)),
    )
    .toEqual([true, true, true, false]);
  await openWebPage(context, 'Article page');

  // Clicked before the panel is open: the panel finds the draft when it opens.
  await clickMenu(context, 'Article page', {
    menuItemId: 'tabwise-ask-selection',
    selectionText: 'The mitochondria is the powerhouse of the cell.',
  });
  const panel = await openPanel(context, extensionId);
  const box = panel.getByRole('textbox', { name: 'Message' });
  await expect
    .poll(() => composerText(box))
    .toBe('About this selection from the page:\n\n> The mitochondria is the powerhouse of the cell.\n\n');
  await expect(box).toBeFocused();
  // Taken once: the draft is cleared, so another panel or a reload does not get it again.
  // (Session storage holds the run origin guard's record and when this browser session started, for schedules;
  // no draft is left beside them.)
  expect(
    Object.keys(await panel.evaluate(() => chrome.storage.session.get(null))).filter(
      (k) => k !== 'tabwise.runOriginGuard' && k !== 'tabwise.sessionStart',
    ),
  ).toEqual([]);

  // Clicked while the panel is open: the new request replaces the box's text at once.
  await clickMenu(context, 'Article page', { menuItemId: 'tabwise-summarise-page' });
  await expect.poll(() => composerText(box)).toBe('Summarise this page.');
  await clickMenu(context, 'Article page', { menuItemId: 'tabwise-fill-form' });
  await expect.poll(() => composerText(box)).toBe('Fill in the form on this page.');

  // Nothing was sent: no message in the chat, no request to the model.
  await panel.waitForTimeout(1000);
  await expect(panel.locator('.message')).toHaveCount(0);
  expect(chatRequests(llm)).toHaveLength(0);

  // Enter sends it, as any message.
  llm.enqueue({ text: ['Filled.'] });
  await box.press('Enter');
  await expect(panel.locator('.message.user')).toHaveText('Fill in the form on this page.');
  await expect.poll(() => chatRequests(llm).length).toBe(1);
});
