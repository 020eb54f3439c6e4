/**
 * The spreadsheet reader page against hostile input, in the built extension: cells carrying markup, a script, a
 * `=HYPERLINK(...)` and a `javascript:` address are shown as the text they are (no element made of them, no
 * request, no script run); addresses of the page that name another scheme, another page, credentials, an extra
 * parameter or a range too wide or backwards show only a refusal and fetch nothing; the worker's sheets.fetch
 * refuses anything but http(s) even when asked directly; an answer's citation with a smuggled parameter, a link to
 * another extension page and a reader-page link with a backwards range open nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addFakeProvider, assistantMessages, callBackground, expect, openPanel, sendChat, test } from '../e2e/fixtures';

let server: StaticServer;
let dir: string;
let cells: string[];
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tabwise-hostile-sheets-'));
  server = await serveStatic({}, { '/files/': dir });
  cells = [
    `<img src="${server.url}/leak-img">`,
    `<script>fetch('${server.url}/leak-script')</script>`,
    `=HYPERLINK("${server.url}/leak-link","Click me")`,
    'javascript:alert(document.domain)',
  ];
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  writeFileSync(join(dir, 'hostile.csv'), `name,value\n${cells.map((c, i) => `row${i + 2},${quote(c)}`).join('\n')}\n`);
});
test.afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the reader page shows hostile cells as text and loads nothing; hostile addresses of the page and citations open nothing', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  context.on('page', (p) => p.on('dialog', (d) => void dialogs.push(d.message())));
  const base = `chrome-extension://${extensionId}/sheet.html`;
  const csv = `${server.url}/files/hostile.csv`;
  const reader = await context.newPage();
  reader.on('dialog', (d) => void dialogs.push(d.message()));
  await reader.goto(`${base}?src=${encodeURIComponent(csv)}&sheet=hostile.csv&rows=2-5`);
  await expect(reader.locator('.sheet-view tbody tr')).toHaveCount(4, { timeout: 30_000 });
  const shown = await reader
    .locator('.sheet-view tbody tr td:nth-child(3)')
    .evaluateAll((tds) => tds.map((td) => (td as HTMLElement).innerText));
  expect(shown).toEqual(cells);
  await expect(reader.locator('.sheet-view table :is(img, script, a, iframe)')).toHaveCount(0);
  await reader.waitForTimeout(500);
  expect(server.requests).toEqual(['/files/hostile.csv']);

  // Addresses of the page that are not exactly a checked view show a refusal and fetch nothing.
  const hostile = [
    `${base}?src=${encodeURIComponent('javascript:alert(1)')}&sheet=S&rows=1-2`,
    `${base}?src=${encodeURIComponent('file:///etc/passwd')}&sheet=S&rows=1-2`,
    `${base}?src=${encodeURIComponent(`chrome-extension://${extensionId}/options.html`)}&sheet=S&rows=1-2`,
    `${base}?src=${encodeURIComponent(csv.replace('http://', 'http://user:pw@'))}&sheet=hostile.csv&rows=2-3`,
    `${base}?src=${encodeURIComponent(csv)}&sheet=hostile.csv&rows=2-3&next=${encodeURIComponent(`${server.url}/leak-next`)}`,
    `${base}?src=${encodeURIComponent(csv)}&sheet=hostile.csv&rows=2-99999`,
    `${base}?src=${encodeURIComponent(csv)}&sheet=hostile.csv&rows=5-2`,
    `${base}?src=attachment:../../etc&sheet=S&rows=1-2`,
  ];
  for (const address of hostile) {
    await reader.goto(address);
    await expect(reader.getByRole('alert'), address).toHaveText(
      'This link does not name a spreadsheet and a row range Tabwise can show.',
    );
    await expect(reader.locator('table')).toHaveCount(0);
  }
  expect(server.requests).toEqual(['/files/hostile.csv']);

  // The worker's fetch for the page refuses other schemes and credentials even when asked directly.
  for (const url of [
    'file:///etc/passwd',
    `chrome-extension://${extensionId}/options.html`,
    'ftp://example.test/a.csv',
  ])
    await expect(callBackground(extPage, 'sheets.fetch', { url })).rejects.toThrow(/only http and https/);
  await expect(
    callBackground(extPage, 'sheets.fetch', { url: csv.replace('http://', 'http://user:pw@') }),
  ).rejects.toThrow(/user name or password/);

  // An answer's spreadsheet citation carrying an extra parameter opens neither the reader page nor the file.
  await addFakeProvider(extPage, llm);
  const ownPage = `chrome-extension://${extensionId}`;
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  llm.enqueue({
    text: [
      `See [the rows](${csv}#sheet=hostile.csv&rows=2-3&x=secret), [settings](${ownPage}/options.html) and ` +
        `[backwards](${ownPage}/sheet.html?src=attachment%3A${uuid}&sheet=S&rows=9-1).`,
    ],
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Show the rows.');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  const pages = context.pages().length;
  await answer.getByRole('link', { name: 'the rows' }).click();
  await expect(panel.getByRole('dialog')).toHaveCount(0);
  // Links into the extension other than a checked reader-page address are not links at all.
  for (const name of ['settings', 'backwards']) {
    const link = answer.locator('a', { hasText: name });
    await expect(link).not.toHaveAttribute('href');
    await link.click();
  }
  await panel.waitForTimeout(500);
  expect(context.pages().length).toBe(pages);
  expect(server.requests).toEqual(['/files/hostile.csv']);
  expect(dialogs).toEqual([]);
  await reader.close();
});
