/**
 * Settings → Activity end to end: a fill approved on its card in the panel shows in Activity with its site,
 * its conversation and "approved on the card"; the search finds it (and says when nothing matches); Export CSV
 * and Export JSON download files holding that line; deleting the conversation keeps the line without the
 * values it wrote; "Delete all data" deletes it.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { axeFindings, isSerious } from '../harness/ui-views';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  expect,
  openPanel,
  openSettingsSection,
  sendChat,
  test,
  toolCall,
  toolCard,
} from './fixtures';

const form = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order</title></head><body><main>
<h1>Order a print</h1>
<form id="order" action="/done" method="post">
<label>Full name <input name="fullName"></label>
<label>City <input name="city"></label>
<button type="submit">Order</button>
</form></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/order.html': form });
});
test.afterAll(async () => server?.close());

const QUESTION = 'Fill the order form for Ada';

const saved = async (download: Download) => readFile((await download.path())!, 'utf8');

async function exportFile(extPage: Page, region: Locator, button: string) {
  const [download] = await Promise.all([
    extPage.waitForEvent('download'),
    region.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await saved(download) };
}

test('an approved fill shows in Activity with its site, conversation and "approved on the card"; search finds it; CSV and JSON exports hold it', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const site = await context.newPage();
  await site.goto(`${server.url}/order.html`);
  const origin = new URL(server.url).origin;
  const panel = await openPanel(context, extensionId);
  llm.enqueue(
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { fullName: 'Ada Lovelace', city: 'London' } }),
    {
      text: ['Filled.'],
    },
  );
  await sendChat(panel, QUESTION);
  const card = toolCard(panel, 'fill_form');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(site.locator('input[name="fullName"]')).toHaveValue('Ada Lovelace');

  await openSettingsSection(extPage, extensionId, 'activity');
  const activity = extPage.getByRole('region', { name: 'Activity' });
  const list = activity.getByRole('list', { name: 'Activity lines' });
  const line = list.locator(':scope > li');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute('data-kind', 'fill');
  await expect(line.locator('.activity-what')).toHaveText('Filled · Fill the form');
  await expect(line.locator('.activity-site')).toHaveText(origin);
  await expect(line.locator('.activity-approval')).toHaveText('approved on the card');
  await expect(line.locator('.activity-outcome')).toHaveText('done');
  await expect(line.locator('.activity-conversation')).toHaveText(`in “${QUESTION}”`);
  await expect(line.getByRole('list', { name: 'Values written' }).locator('li')).toHaveText([
    'Full name (fullName): Ada Lovelace',
    'City (city): London',
  ]);
  await expect(activity.locator('.activity-figures')).toHaveText('1 line, kept for 90 days.');
  // The section with a line in it, light and dark: no serious or critical axe finding.
  for (const scheme of ['light', 'dark'] as const) {
    await extPage.emulateMedia({ colorScheme: scheme });
    const findings = await axeFindings(extPage, 'activity', scheme, { colourOnly: scheme === 'dark' });
    expect(findings.filter(isSerious).map((f) => `${f.id}: ${f.summary}`)).toEqual([]);
  }
  await extPage.emulateMedia({ colorScheme: 'light' });

  const search = activity.getByRole('searchbox', { name: 'Search the activity' });
  await search.fill('lovelace 127.0.0.1');
  await expect(activity.locator('.activity-figures')).toHaveText('Lines matching: 1 of 1.');
  await expect(line).toHaveCount(1);
  await search.fill('no-such-site.example');
  await expect(activity.locator('.activity-figures')).toHaveText('No activity matches “no-such-site.example”.');
  await expect(line).toHaveCount(0);
  await search.fill('fill_form');
  await expect(line).toHaveCount(1);

  const csv = await exportFile(extPage, activity, 'Export CSV');
  expect(csv.name).toMatch(/^tabwise-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, row, ...rest] = csv.text.trimEnd().split('\r\n');
  expect(rest).toEqual([]);
  expect(header).toBe(
    'id,time,kind,tool,site,conversation_id,conversation_title,run_id,approval,outcome,reason,target,destination,written,page_text_dropped',
  );
  expect(row).toContain(`,fill,fill_form,${origin},`);
  expect(row).toContain(`,${QUESTION},`);
  expect(row).toContain(',card,done,');
  expect(row).toContain('Full name (fullName): Ada Lovelace; City (city): London');
  await expect(activity.getByRole('status')).toContainText('Exported 1 line to tabwise-activity-');

  const json = await exportFile(extPage, activity, 'Export JSON');
  const file = JSON.parse(json.text) as { format: string; lines: Record<string, unknown>[] };
  expect(file.format).toBe('tabwise-activity');
  expect(file.lines).toHaveLength(1);
  expect(file.lines[0]).toMatchObject({
    kind: 'fill',
    toolName: 'fill_form',
    site: origin,
    conversationTitle: QUESTION,
    approval: 'card',
    outcome: 'done',
    sent: 0,
  });

  // Deleting the conversation keeps the line, without what it wrote.
  const conversationId = file.lines[0]!.conversationId as string;
  await callBackground(extPage, 'conversations.delete', { id: conversationId });
  await openSettingsSection(extPage, extensionId, 'activity');
  await expect(line).toHaveCount(1);
  await expect(line.locator('.activity-site')).toHaveText(origin);
  await expect(line.locator('.activity-dropped')).toHaveText(
    'The conversation was deleted, and the page text of this line with it.',
  );
  await expect(line).not.toContainText('Ada Lovelace');

  // "Delete all data" deletes the log.
  await callBackground(extPage, 'data.deleteAll', {});
  await openSettingsSection(extPage, extensionId, 'activity');
  await expect(activity.locator('.activity-figures')).toHaveText(
    'Nothing yet. Fills, clicks, submits and the other actions you approve will be listed here.',
  );
  await expect(line).toHaveCount(0);
});

test('an empty log says what will appear there', async ({ extensionId, llm, extPage }) => {
  await addFakeProvider(extPage, llm, 'm');
  await openSettingsSection(extPage, extensionId, 'activity');
  const activity = extPage.getByRole('region', { name: 'Activity' });
  await expect(activity.locator('.activity-figures')).toHaveText(
    'Nothing yet. Fills, clicks, submits and the other actions you approve will be listed here.',
  );
  await expect(activity.getByRole('list', { name: 'Activity lines' })).toHaveCount(0);
});
