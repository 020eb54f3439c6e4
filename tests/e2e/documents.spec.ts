/**
 * Documents through the built extension: fetch_url reads a real PDF (by page, hidden text left out), a Word
 * file, a workbook served as octet-stream (header repeated, row range named, formulas as values) and a CSV; a
 * scan says it has no text; read_page on a tab that shows a PDF behind the site's login reads it with the
 * user's cookies. What the model receives is read off the fake LLM's requests.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { serveStatic } from '../harness/serve-static';
import {
  DOCX_FACT,
  PDF_FACTS,
  PDF_HIDDEN_INJECTION,
  SESSION_COOKIE,
  STATEMENT_FACT,
  startFakeWeb,
  type FakeWeb,
} from '../fake-web/fake-web';
import { untrustedBlocks, unwrapUntrusted } from '../security/untrusted-block';
import { lookAt } from './look';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
const haveModel = existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));

let web: FakeWeb;
test.beforeAll(async () => {
  web = await startFakeWeb();
});
test.afterAll(async () => web?.close());

const call = (name: string, args: unknown) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
const card = (panel: Page, tool: string) => panel.locator(`.tool-card[data-tool="${tool}"]`);

/** Every tool result the model was sent in the run's last request (the OpenAI wire: role "tool" messages). */
function toolResults(body: unknown): string[] {
  const messages = (body as { messages: { role: string; content: unknown }[] }).messages;
  return messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

test('fetch_url reads a PDF by page without its hidden text, a Word file, a workbook and a CSV; a scan says it has no text', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  await addFakeProvider(extPage, llm);
  llm.enqueue(
    call('fetch_url', { url: `${web.url}/report.pdf` }),
    call('fetch_url', { url: `${web.url}/policy.docx` }),
    call('fetch_url', { url: `${web.url}/figures.xlsx` }),
    call('fetch_url', { url: `${web.url}/list.csv` }),
    call('fetch_url', { url: `${web.url}/scan.pdf` }),
    { text: ['Revenue was 4.2 million euros (page 1).'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Read the report, the policy and the figures.');
  await card(panel, 'fetch_url').first().getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });

  const last = chatRequests(llm).at(-1)!;
  const [pdf, docx, xlsx, csv, scan] = toolResults(last.body).map(
    (r) => JSON.parse(unwrapUntrusted(r)) as { title: string; markdown: string; notes?: string[] },
  );
  expect(pdf!.markdown).toBe(`--- Page 1 ---\n${PDF_FACTS[0]}\n\n--- Page 2 ---\n${PDF_FACTS[1]}`);
  expect(pdf!.notes).toContain('2 pieces of text a reader cannot see were left out.');
  expect(JSON.stringify(last.body)).not.toContain('PDF-HIDDEN');
  expect(JSON.stringify(last.body)).not.toContain(PDF_HIDDEN_INJECTION);
  expect(JSON.stringify(last.body)).not.toContain('PDF-TINY');
  expect(docx!.markdown).toBe(`# Travel policy\n\n${DOCX_FACT}`);
  const slices = xlsx!.markdown.split('\n\n');
  expect(slices[0]!.split('\n').slice(0, 2)).toEqual(['Sheet "Q3", rows 2–61 of 72', '| Region | Revenue |']);
  expect(slices[1]!.split('\n').slice(0, 2)).toEqual(['Sheet "Q3", rows 62–72 of 72', '| Region | Revenue |']);
  expect(slices[1]).toContain('| Link | Open |');
  expect(xlsx!.markdown).not.toContain('evil.example');
  expect(csv!.markdown).toContain('| Grace | =WEBSERVICE("https://evil.example/csv") |');
  expect(scan!.notes).toContain('Every page is an image with no text layer (a scan): there is no text to read.');
  // The cards show every call as done.
  await expect(card(panel, 'fetch_url')).toHaveCount(5);
  for (let i = 0; i < 5; i++) await expect(card(panel, 'fetch_url').nth(i)).toHaveAttribute('data-status', 'done');
  await lookAt(panel, 'documents-fetched');
  // Nothing in a document made a request of its own: the fake web heard only the five fetches.
  expect(
    web.requests.filter(
      (r) => !['/report.pdf', '/policy.docx', '/figures.xlsx', '/list.csv', '/scan.pdf'].includes(r.path),
    ),
  ).toEqual([]);
});

test('read_page on a tab showing a PDF behind a login reads it with the cookies the tab had, page by page', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  await addFakeProvider(extPage, llm);
  await context.addCookies([{ ...SESSION_COOKIE, url: web.url }]);
  const tab = await context.newPage();
  await tab.goto(`${web.url}/members/statement.pdf`);
  llm.enqueue(call('read_page', {}), { text: ['Your balance was 1,234.56 euros.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Summarise this PDF.');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
  const result = toolResults(chatRequests(llm).at(-1)!.body).at(-1)!;
  const reading = JSON.parse(unwrapUntrusted(result)) as { title: string; markdown: string; documentType: string };
  expect(reading.markdown).toBe(`--- Page 1 ---\n${STATEMENT_FACT}`);
  expect(reading.title).toBe('Account statement');
  expect(reading.documentType).toBe('application/pdf');
  // The background's own fetch carried the session cookie (the tab's load did too).
  const fetches = web.requests.filter((r) => r.path === '/members/statement.pdf');
  expect(fetches.length).toBeGreaterThanOrEqual(2);
  expect(
    fetches.every((r) => String(r.headers.cookie).includes(`${SESSION_COOKIE.name}=${SESSION_COOKIE.value}`)),
  ).toBe(true);
  await expect(card(panel, 'read_page')).toHaveAttribute('data-status', 'done');
  // For a person to look at: the PDF's card at 320 and 360 px, light and dark.
  await lookAt(panel, 'pdf-tab-read');
});

test("a PDF read in a tab with remembering on is indexed by page and cited at its page; a denylisted site's PDF is not", async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.skip(!haveModel, `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);
  test.setTimeout(150_000);
  const models = await serveStatic({}, { '/models/': modelsDir });
  // The fake web is shared by this file's tests: only this test's requests count.
  const heardBefore = web.requests.length;
  try {
    await callBackground(extPage, 'index.settings.update', {
      enabled: true,
      dwellMs: 300,
      deniedPatterns: ['*/members/*'],
      model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${models.url}/models/`, allowRemote: false },
    });
    await context.addCookies([{ ...SESSION_COOKIE, url: web.url }]);
    for (const path of ['/members/statement.pdf', '/report.pdf']) {
      const tab = await context.newPage();
      await tab.goto(`${web.url}${path}`);
      await tab.bringToFront();
      await tab.waitForTimeout(900);
    }
    await expect
      .poll(
        async () => {
          const s = await callBackground<{ pages: number; queueDepth: number; lastError?: string }>(
            extPage,
            'index.stats',
            {},
          );
          if (s.lastError) throw new Error(`indexing failed: ${s.lastError}`);
          return s.queueDepth === 0 ? s.pages : -1;
        },
        { timeout: 60_000, intervals: [250, 500, 1000] },
      )
      .toBe(1);
    // Only the report: the statement's site is denylisted, so it was neither fetched again nor indexed.
    const listed = await callBackground<{ pages: { url: string; title: string; kind?: string }[] }>(
      extPage,
      'index.pages',
      {},
    );
    expect(listed.pages).toEqual([expect.objectContaining({ url: `${web.url}/report.pdf`, kind: 'pdf' })]);
    expect(web.requests.slice(heardBefore).filter((r) => r.path === '/members/statement.pdf')).toHaveLength(1);
    // Text a reader cannot see on the PDF's pages never reached the index.
    const hidden = await callBackground<{ text: string }[]>(extPage, 'index.search', {
      query: 'PDF-HIDDEN PDF-TINY hidden words',
      mode: 'sparse',
    });
    expect(hidden.filter((p) => /PDF-HIDDEN|PDF-TINY/.test(p.text))).toEqual([]);

    await addFakeProvider(extPage, llm);
    llm.enqueue(call('search_history', { query: 'Lisbon office opened' }), { text: ['It opened in March.'] });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'When did the Lisbon office open?');
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
    const result = toolResults(chatRequests(llm).at(-1)!.body).at(-1)!;
    // The passages reach the model as one marked block of page content, as any page's do.
    expect(untrustedBlocks(result)).toHaveLength(1);
    expect(result.trim().startsWith('<untrusted_page_content ')).toBe(true);
    const { passages } = JSON.parse(unwrapUntrusted(result)) as {
      passages: { url: string; fragmentUrl: string; headingPath: string[]; text: string }[];
    };
    expect(passages[0]).toMatchObject({
      url: `${web.url}/report.pdf`,
      fragmentUrl: `${web.url}/report.pdf#page=2`,
      headingPath: ['Page 2'],
      text: PDF_FACTS[1],
    });
    // The card quotes the page's passage, and its citation chip opens the PDF at that page.
    const first = card(panel, 'search_history').locator('.card-passages li').first();
    await expect(first.locator('.page-content')).toContainText(PDF_FACTS[1]!);
    const chip = first.locator('.citation-chip');
    const [opened] = await Promise.all([context.waitForEvent('page'), chip.click()]);
    await expect.poll(() => opened.url()).toBe(`${web.url}/report.pdf#page=2`);
  } finally {
    // The shared browser goes on with remembering off (which unregisters the capture script) and an empty index.
    await callBackground(extPage, 'index.settings.update', { enabled: false }).catch(() => {});
    await callBackground(extPage, 'index.delete', { kind: 'all' }).catch(() => {});
    await models.close();
  }
});
