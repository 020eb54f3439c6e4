/**
 * Spreadsheet citations and locked attachments through the built extension: a citation of a workbook's rows in an
 * answer opens the reader page at those rows (header, 1-based row numbers, a `=HYPERLINK(...)` cell as its stored
 * value, no request made by it); an attached workbook opens there too; an attached password-protected PDF asks
 * for its password on its chip, says when it is wrong, and is read with the right one, which the model never gets;
 * a sent file kept with its chip's "Keep" is found by search_history and cited to the viewer page at the passage,
 * taken out again with the same toggle, and leaves the index with its conversation.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { makeEncryptedPdf, makeXlsx } from '../documents/make-documents';
import { startFakeWeb, type FakeWeb } from '../fake-web/fake-web';
import { serveStatic } from '../harness/serve-static';
import { haveTestModel, modelsDir, noTestModel, rememberWithTestModel, waitForIndexed } from '../harness/test-model';
import { unwrapUntrusted } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolResults,
} from './fixtures';
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

const searchIndex = (page: Page, query: string) =>
  callBackground<{ url: string; fragmentUrl: string }[]>(page, 'index.search', { query, mode: 'sparse' });

test('a sent file kept with its chip is searched and cited to the viewer page, taken out again, and leaves with its conversation', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.skip(!haveTestModel(), noTestModel);
  test.setTimeout(180_000);
  const FACT = 'The Lisbon office code name is AZUREKITE and it opens in May.';
  const notes = Buffer.from(`# Q3 notes\n\nSome opening words.\n\n${FACT}\n`);
  await addFakeProvider(extPage, llm);
  const panel = await openPanel(context, extensionId);
  await panel.locator('input[type=file]').setInputFiles([
    { name: 'q3-notes.md', mimeType: 'text/markdown', buffer: notes },
    { name: 'pixel.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  ]);
  await expect(panel.locator('.composer .attachment-chip', { hasText: 'q3-notes.md' })).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 30_000 },
  );
  llm.enqueue({ text: ['Noted.'] });
  await sendChat(panel, 'Here are my notes.');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
  const chip = panel.locator('.message.user .attachment-chip', { hasText: 'q3-notes.md' });
  const keep = chip.getByRole('button', { name: /Keep “q3-notes\.md” in Remember what I read/ });
  // An image has nothing to keep: no toggle on its chip.
  await expect(
    panel.locator('.message.user .attachment-chip', { hasText: 'pixel.png' }).getByRole('button'),
  ).toHaveCount(0);

  // Remembering off: the chip says how to turn it on, and nothing is kept.
  await keep.click();
  await expect(chip.getByRole('alert')).toHaveText('Turn on “Remember what I read” in Settings to keep files there.');
  await expect(keep).toHaveAttribute('aria-pressed', 'false');

  const models = await serveStatic({}, { '/models/': modelsDir });
  try {
    await rememberWithTestModel(extPage, models.url);
    await keep.click();
    const kept = chip.getByRole('button', { name: /“q3-notes\.md” is kept in Remember what I read/ });
    await expect(kept).toHaveAttribute('aria-pressed', 'true');
    await expect(kept).toHaveText('Kept');
    await expect(chip.getByRole('alert')).toHaveCount(0);
    await lookAt(panel, 'attachment-kept');
    await waitForIndexed(extPage, 1);
    const [file] = (await keptAttachments(extPage)).filter((k) => k.name === 'q3-notes.md');
    const viewer = `chrome-extension://${extensionId}/viewer.html?attachment=${file!.id}`;
    const listed = await callBackground<{ pages: { url: string; kind?: string; title: string }[] }>(
      extPage,
      'index.pages',
      {},
    );
    expect(listed.pages.map((p) => ({ url: p.url, kind: p.kind, title: p.title }))).toEqual([
      { url: viewer, kind: 'attachment', title: 'q3-notes.md' },
    ]);

    // The agent finds it (named as a kept attachment) and cites it; the citation opens the viewer at the passage.
    const [hit] = await searchIndex(extPage, 'Lisbon office code name');
    expect(hit!.fragmentUrl).toMatch(new RegExp(`^${viewer.replace(/[?.]/g, '\\$&')}#passage=.*AZUREKITE`));
    llm.enqueue(call('search_history', { query: 'Lisbon office code name' }), {
      text: [`The code name is AZUREKITE ([your notes](${hit!.fragmentUrl})).`],
    });
    await sendChat(panel, 'What is the Lisbon code name in the notes I kept?');
    const answer = assistantMessages(panel).last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
    const result = JSON.parse(unwrapUntrusted(toolResults(chatRequests(llm).at(-1)!.body).at(-1)!)) as {
      passages: { attachment?: true; title: string; fragmentUrl: string; text: string }[];
    };
    expect(result.passages[0]).toMatchObject({ attachment: true, title: 'q3-notes.md', fragmentUrl: hit!.fragmentUrl });
    expect(result.passages[0]!.text).toContain('AZUREKITE');
    const opening = context.waitForEvent('page');
    await answer.getByRole('link', { name: 'your notes' }).click();
    const viewerPage = await opening;
    await viewerPage.waitForLoadState();
    expect(viewerPage.url()).toBe(hit!.fragmentUrl);
    await expect(viewerPage.getByRole('heading')).toHaveText(
      '“q3-notes.md”, a file you attached and kept (Markdown file, read-only)',
    );
    await expect(viewerPage.getByTestId('viewer-passage')).toContainText('AZUREKITE');
    await expect(viewerPage.getByTestId('viewer-text')).toContainText('Some opening words.');

    // The chip's state is the message's: a reload shows it kept; pressed again, the file leaves the index.
    await panel.reload();
    await expect(kept).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
    await kept.click();
    await expect(keep).toHaveAttribute('aria-pressed', 'false');
    await waitForIndexed(extPage, 0);
    expect(await searchIndex(extPage, 'AZUREKITE')).toEqual([]);

    // Kept again, then the conversation deleted: the file leaves the index with it, and the viewer says so.
    await keep.click();
    await expect(kept).toHaveAttribute('aria-pressed', 'true');
    await waitForIndexed(extPage, 1);
    const [conversation] = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
    await callBackground(extPage, 'conversations.delete', { id: conversation!.id });
    await waitForIndexed(extPage, 0);
    expect(await searchIndex(extPage, 'AZUREKITE')).toEqual([]);
    await viewerPage.reload();
    await expect(viewerPage.getByRole('alert')).toHaveText(
      'This file is no longer kept: it was deleted with its conversation.',
    );
    await viewerPage.close();
  } finally {
    await models.close();
  }
});
