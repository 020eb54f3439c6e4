/**
 * Spreadsheet citations and locked attachments through the built extension: a citation of a workbook's rows in an
 * answer opens the reader page at those rows (header, 1-based row numbers, a `=HYPERLINK(...)` cell as its stored
 * value, no request made by it); an attached workbook opens there too; an attached password-protected PDF asks
 * for its password on its chip, says when it is wrong, and is read with the right one, which the model never gets.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { makeEncryptedPdf, makeXlsx } from '../documents/make-documents';
import { startFakeWeb, type FakeWeb } from '../fake-web/fake-web';
import { addFakeProvider, assistantMessages, chatRequests, expect, openPanel, sendChat, test } from './fixtures';
import { lookAt } from './look';

let web: FakeWeb;
test.beforeAll(async () => {
  web = await startFakeWeb();
});
test.afterAll(async () => web?.close());

const call = (name: string, args: unknown) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });

/** Every request the browser makes to a host, from now on. */
function watchHost(context: BrowserContext, host: string): string[] {
  const seen: string[] = [];
  context.on('request', (r) => {
    if (r.url().includes(host)) seen.push(r.url());
  });
  return seen;
}

/** The reader page's table: its header cells and each body row's cells (row number first). */
async function readTable(reader: Page) {
  await expect(reader.locator('.sheet-view table')).toBeVisible({ timeout: 30_000 });
  const header = await reader.locator('.sheet-view thead th').allInnerTexts();
  const rows = await reader
    .locator('.sheet-view tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText)));
  return { header, rows };
}

/** The attachments the documents database keeps: id, name and their reading as JSON. */
const keptAttachments = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ id: string; name: string; text: string }[]>((resolve, reject) => {
        const open = indexedDB.open('tabwise-documents');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('attachments').objectStore('attachments').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { id: string; name: string; reading?: unknown }[]).map((r) => ({
                id: r.id,
                name: r.name,
                text: JSON.stringify(r.reading ?? null),
              })),
            );
        };
      }),
  );

test('a citation of workbook rows opens the reader page at those rows; a link in a cell stays text and loads nothing', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const evil = watchHost(context, 'evil.example');
  await addFakeProvider(extPage, llm);
  llm.enqueue(call('fetch_url', { url: `${web.url}/figures.xlsx` }), {
    text: [
      `The last rows hold the link row ([Q3, rows 62–72](${web.url}/figures.xlsx#sheet=Q3&rows=62-72)); ` +
        `see also [bad](${web.url}/figures.xlsx#sheet=Q3&rows=72-62).`,
    ],
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Which regions are in the last rows of the figures?');
  await panel
    .locator('.tool-card[data-tool="fetch_url"]')
    .getByRole('button', { name: 'Approve' })
    .click({ timeout: 30_000 });
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
  // The model read the same row numbers the citation names.
  expect(JSON.stringify(chatRequests(llm).at(-1)!.body)).toContain('rows 62–72 of 72');

  const opened = context.waitForEvent('page');
  await answer.getByRole('link', { name: 'Q3, rows 62–72' }).click();
  const reader = await opened;
  await reader.waitForLoadState();
  const url = new URL(reader.url());
  expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`chrome-extension://${extensionId}/sheet.html`);
  expect(url.searchParams.get('src')).toBe(`${web.url}/figures.xlsx`);
  expect(url.searchParams.get('rows')).toBe('62-72');
  const { header, rows } = await readTable(reader);
  expect(header).toEqual(['Row', 'Region', 'Revenue']);
  expect(rows).toHaveLength(11);
  expect(rows[0]).toEqual(['62', 'Region 61', '61000']);
  // The HYPERLINK formula is its stored value, as text: no link, no request.
  expect(rows.at(-1)).toEqual(['72', 'Link', 'Open']);
  await expect(reader.locator('.sheet-view table a')).toHaveCount(0);
  await expect(reader.getByRole('heading')).toContainText('rows 62–72 of 72');
  await lookAt(reader, 'sheet-reader');
  // A citation whose range runs backwards opens nothing.
  const pagesBefore = context.pages().length;
  await answer.getByRole('link', { name: 'bad' }).click();
  await panel.waitForTimeout(500);
  expect(context.pages().length).toBe(pagesBefore);
  expect(evil).toEqual([]);
  await reader.close();
});

test('an attached locked PDF asks for its password on its chip, and is read with it; an attached workbook opens in the reader page', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const evil = watchHost(context, 'evil.example');
  const PASSWORD = 'correct horse 42';
  const SECRET_FACT = 'The locked plan budgets 9.1 million euros for Lisbon.';
  const locked = Buffer.from(await makeEncryptedPdf([[{ text: SECRET_FACT }]], PASSWORD));
  const rows: unknown[][] = [['Item', 'Cost']];
  for (let i = 1; i <= 30; i++) rows.push([`Item ${i}`, i * 10]);
  rows.push(['Leak', { formula: 'HYPERLINK("https://evil.example/attached","Click")', result: 'Click' }]);
  const workbook = Buffer.from(await makeXlsx({ Budget: rows }));
  await addFakeProvider(extPage, llm);
  const panel = await openPanel(context, extensionId);
  await panel.locator('input[type=file]').setInputFiles([
    { name: 'plan.pdf', mimeType: 'application/pdf', buffer: locked },
    { name: 'budget.xlsx', mimeType: 'application/octet-stream', buffer: workbook },
  ]);
  const chip = panel.locator('.attachment-chip', { hasText: 'plan.pdf' });
  await expect(chip).toHaveAttribute('data-status', 'locked', { timeout: 30_000 });
  await expect(chip).toContainText('is protected with a password');
  await expect(panel.locator('.attachment-chip', { hasText: 'budget.xlsx' })).toContainText('31 rows');
  await lookAt(panel, 'attachment-password');
  const field = chip.getByLabel('Password', { exact: true });
  await field.fill('wrong one');
  await chip.getByRole('button', { name: 'Open' }).click();
  await expect(chip.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await chip.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await chip.getByRole('button', { name: 'Open' }).click();
  await expect(chip).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(chip).toContainText('1 page');
  // The model cites the workbook's rows by the address its block gives (the reader page with this attachment).
  const book = (await keptAttachments(extPage)).find((k) => k.name === 'budget.xlsx')!;
  const cite = `chrome-extension://${extensionId}/sheet.html?src=attachment%3A${book.id}&sheet=Budget&rows=30-32`;
  llm.enqueue({
    text: [`The plan budgets 9.1 million euros for Lisbon; the last items are [Budget, rows 30–32](${cite}).`],
  });
  const message = panel.getByRole('textbox', { name: 'Message' });
  await message.fill('What does the plan budget for Lisbon?');
  await message.press('Enter');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
  const sent = JSON.stringify(chatRequests(llm).at(-1)!.body);
  expect(sent).toContain(SECRET_FACT);
  expect(sent).not.toContain(PASSWORD);
  expect(sent).toContain(
    `cite_rows_as=\\"chrome-extension://${extensionId}/sheet.html?src=attachment%3A${book.id}&sheet=NAME&rows=A-B`,
  );
  // Nothing kept in the documents database carries the password.
  const kept = await keptAttachments(extPage);
  expect(kept.map((k) => k.text).join()).toContain('Lisbon');
  expect(JSON.stringify(kept)).not.toContain(PASSWORD);
  // The citation opens the reader page at the workbook's rows.
  const opened = context.waitForEvent('page');
  await answer.getByRole('link', { name: 'Budget, rows 30–32' }).click();
  const reader = await opened;
  const { header, rows: shown } = await readTable(reader);
  expect(header).toEqual(['Row', 'Item', 'Cost']);
  expect(shown).toEqual([
    ['30', 'Item 29', '290'],
    ['31', 'Item 30', '300'],
    ['32', 'Leak', 'Click'],
  ]);
  expect(reader.url()).toBe(cite);
  await expect(reader.getByRole('heading')).toContainText('budget.xlsx');
  await expect(reader.locator('.sheet-view table a')).toHaveCount(0);
  expect(evil).toEqual([]);
  await reader.close();
});
