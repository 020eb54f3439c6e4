/**
 * Tool cards end to end: the built extension, pages on 127.0.0.1, runs scripted by the fake LLM (OpenAI
 * wire), and what a person sees on each card in the side panel: the page read, the form as a table, the
 * fill as old → new with its read-back and Undo's outcome (also after reopening the panel), tabs, memory
 * and skill summaries, a denied call shown as denied, and raw JSON only behind a disclosure.
 */
import type { Page } from '@playwright/test';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import type { FakeLlm, RecordedRequest } from '../fake-llm';
import { unwrapUntrusted } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
} from './fixtures';

const article = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Octopus cognition</title></head><body><main><article>
<h1>Octopus cognition</h1><p>Octopuses can unscrew the lids of jars from the inside to reach the crab kept within.</p>
<p>They also recognise individual people, and squirt water at the ones they dislike.</p></article></main></body></html>`;

const form = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign up</title></head><body><main>
<form id="signup" action="/done" method="post">
<label>Full name <input name="fullName"></label>
<label>Email <input type="email" name="email" value="old@example.com"></label>
<label><input type="checkbox" name="newsletter"> Send me the newsletter</label>
<button type="submit">Sign up</button></form>
<button type="button" onclick="document.body.dataset.greeted = 'yes'">Say hi</button></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/article.html': article, '/form.html': form });
});
test.afterAll(async () => server?.close());

const card = (panel: Page, tool: string) => assistantMessages(panel).last().locator(`.tool-card[data-tool="${tool}"]`);
const finished = (panel: Page) => expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

async function setUp(
  context: import('@playwright/test').BrowserContext,
  extensionId: string,
  llm: FakeLlm,
  extPage: Page,
  path: string,
) {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  const panel = await openPanel(context, extensionId);
  return { page, panel };
}

test('read_page shows the page it read: title, host, size in words and an excerpt marked as page content; raw JSON is behind a disclosure', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { panel } = await setUp(context, extensionId, llm, extPage, '/article.html');
  llm.enqueue(toolCall('read_page'), { text: ['Read it.'] });
  await sendChat(panel, 'What is this page about?');
  await finished(panel);
  const read = card(panel, 'read_page');
  await expect(read).toHaveAttribute('data-status', 'done');
  await expect(read.locator('.tool-label')).toHaveText('Read the page');
  await expect(read.locator('.card-title')).toHaveText('Octopus cognition');
  await expect(read.locator('.card-host')).toHaveText(`127.0.0.1:${server.port}`);
  await expect(read.locator('.card-size')).toHaveText(/^\d+ words$/);
  const excerpt = read.locator('.page-content');
  await expect(excerpt.locator('.page-content-label')).toHaveText('Page content');
  await expect(excerpt).toContainText('Octopuses can unscrew the lids of jars');
  // The JSON the model got is there, but collapsed.
  await expect(read.locator('.tool-output')).toBeHidden();
  await read.locator('.tool-raw > summary').click();
  await expect(read.locator('.tool-output')).toBeVisible();
  await expect(read.locator('.tool-output')).toContainText('"markdown"');
});

test('the form as a table, the approval leading with origin and preview, the fill as old → new with its read-back, and Undo that shows its result and stays used after reopening', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { page, panel } = await setUp(context, extensionId, llm, extPage, '/form.html');
  llm.enqueue(
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { fullName: 'Ada Lovelace', email: 'ada@example.com', newsletter: true } }),
    { text: ['Filled.'] },
  );
  await sendChat(panel, 'Sign me up as Ada');

  const state = card(panel, 'get_form_state');
  await expect(state).toHaveAttribute('data-status', 'done');
  const rows = state.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).locator('td')).toHaveText(['Full name', 'text', '(empty)']);
  await expect(rows.nth(1).locator('td')).toHaveText(['Email', 'email', 'old@example.com']);
  await expect(rows.nth(2).locator('td')).toHaveText(['Send me the newsletter', 'checkbox', 'unchecked']);

  const fill = card(panel, 'fill_form');
  await expect(fill).toHaveAttribute('data-status', 'awaiting-approval');
  const approval = fill.locator('.approval');
  await expect(approval.locator('.approval-origin')).toHaveText(`on http://127.0.0.1:${server.port}`);
  // Waiting, the fill is the same old → new table it becomes: labels as the page shows them, no keys.
  await expect(approval.locator('tr[data-key="fullName"] td')).toHaveText(['Full name', '(empty) → Ada Lovelace']);
  await expect(approval.locator('table')).not.toContainText('fullName');
  await expect(approval.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(fill.locator('.tool-input')).toBeHidden();
  // The origin comes before the table, and the table before the buttons.
  const order = await approval.evaluate((el) => [...el.children].map((c) => c.className));
  expect(order.indexOf('approval-origin')).toBeLessThan(order.indexOf('card-table card-fill pending'));
  expect(order.indexOf('card-table card-fill pending')).toBeLessThan(order.indexOf('actions'));
  await approval.getByRole('button', { name: 'Approve' }).click();
  await finished(panel);

  await expect(fill).toHaveAttribute('data-status', 'done');
  const diff = fill.locator('.card-fill tbody tr');
  await expect(diff).toHaveCount(3);
  await expect(fill.locator('tr[data-key="fullName"] td')).toHaveText([
    'Full name',
    '(empty) → Ada Lovelace',
    'written',
  ]);
  await expect(fill.locator('tr[data-key="email"] td')).toHaveText([
    'Email',
    'old@example.com → ada@example.com',
    'written',
  ]);
  await expect(fill.locator('tr[data-key="newsletter"] td')).toHaveText([
    'Send me the newsletter',
    'unchecked → checked',
    'written',
  ]);
  await expect(page.locator('input[name="fullName"]')).toHaveValue('Ada Lovelace');

  await fill.getByRole('button', { name: 'Undo this fill' }).click();
  await expect(fill.locator('.undo-result')).toHaveText('Restored 3 fields: Full name, Email, Send me the newsletter.');
  await expect(fill.getByRole('button', { name: 'Undo this fill' })).toHaveCount(0);
  await expect(page.locator('input[name="fullName"]')).toHaveValue('');
  await expect(page.locator('input[name="email"]')).toHaveValue('old@example.com');

  await panel.close();
  const reopened = await openPanel(context, extensionId);
  const again = card(reopened, 'fill_form');
  await expect(again.locator('.undo-result')).toHaveText(
    'Restored 3 fields: Full name, Email, Send me the newsletter.',
  );
  await expect(again.getByRole('button', { name: 'Undo this fill' })).toHaveCount(0);
  await expect(again.locator('tr[data-key="fullName"] td')).toHaveText([
    'Full name',
    '(empty) → Ada Lovelace',
    'written',
  ]);
});

test('tabs as a list; memory and skill tools as short summaries; a denied call shows as denied, not failed', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { panel } = await setUp(context, extensionId, llm, extPage, '/article.html');
  llm.enqueue(
    {
      toolCalls: [
        { name: 'list_tabs', arguments: '{}' },
        { name: 'load_skill', arguments: JSON.stringify({ name: 'summarise-page' }) },
      ],
    },
    toolCall('memory_save', { text: 'Parking spot B12', tags: ['car'] }),
    toolCall('memory_search', { query: 'parking' }),
    toolCall('memory_delete', { id: 'whatever' }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Tabs, skill, and remember my parking spot');

  const tabs = card(panel, 'list_tabs');
  await expect(tabs).toHaveAttribute('data-status', 'done');
  const article = tabs.locator('.card-tabs li', { hasText: 'Octopus cognition' });
  await expect(article.locator('.card-host')).toHaveText(`127.0.0.1:${server.port}`);
  await expect(tabs.locator('.card-tabs li')).not.toHaveCount(0);
  await expect(tabs.locator('.card-tabs li.active')).toHaveCount(1);
  // The model gets each tab's id (what switch_tab and read_page take); the card leaves it out.
  await expect(tabs.locator('.card-tabs')).not.toContainText('[tab');
  expect(JSON.stringify(chatRequests(llm).map((r) => r.body))).toMatch(/\[tab \d+\] Octopus cognition </);

  await expect(card(panel, 'load_skill').locator('.card-line')).toHaveText(
    /^Loaded the skill “summarise-page” \(\d+ lines of instructions\)$/,
  );

  const save = card(panel, 'memory_save');
  await expect(save.locator('.card-line')).toHaveText('Remember: “Parking spot B12”');
  await save.getByRole('button', { name: 'Approve' }).click();
  await expect(save.locator('.card-line')).toHaveText('Remembered: “Parking spot B12”');

  const search = card(panel, 'memory_search');
  await expect(search.locator('.card-line')).toHaveText('Looked in memories for “parking”');
  await expect(search.locator('.card-memories li')).toHaveText(['Parking spot B12 (car)']);

  const del = card(panel, 'memory_delete');
  await del.getByRole('button', { name: 'Deny' }).click();
  await finished(panel);
  await expect(del).toHaveAttribute('data-status', 'denied');
  await expect(del.locator('.tool-status')).toHaveText('denied');
  await expect(del.locator('.tool-denied')).toHaveText('You denied this, so it did not run.');
  await expect(del.locator('.decision')).toHaveText('Denied');
  await expect(del.locator('.tool-error')).toHaveCount(0);
});

test('a tool that fails shows as failed with its reason', async ({ context, extensionId, llm, extPage }) => {
  const { panel } = await setUp(context, extensionId, llm, extPage, '/article.html');
  llm.enqueue(toolCall('load_skill', { name: 'no-such-skill' }), { text: ['Sorry.'] });
  await sendChat(panel, 'Load a skill');
  await finished(panel);
  const skill = card(panel, 'load_skill');
  await expect(skill).toHaveAttribute('data-status', 'error');
  await expect(skill.locator('.tool-status')).toHaveText('failed');
  await expect(skill.locator('.tool-error')).toContainText('No skill named "no-such-skill"');
});

/** The key get_form_state gave the button labelled `text`, read from the tool result in the model's request. */
function buttonKey(req: RecordedRequest, text: string): string {
  const messages = (req.body as { messages: { role: string; content?: unknown }[] }).messages;
  const result = messages.filter((m) => m.role === 'tool').at(-1)?.content;
  const state = JSON.parse(unwrapUntrusted(typeof result === 'string' ? result : '')) as {
    buttons: { key: string; text: string }[];
  };
  return state.buttons.find((b) => b.text === text)?.key ?? 'missing';
}

test('click: the card says which button was pressed, after approval on the origin it acts on', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { page, panel } = await setUp(context, extensionId, llm, extPage, '/form.html');
  llm.enqueue(toolCall('get_form_state'), (req) => toolCall('click', { key: buttonKey(req, 'Say hi') }), {
    text: ['Said hi.'],
  });
  await sendChat(panel, 'Say hi');
  const click = card(panel, 'click');
  await expect(click).toHaveAttribute('data-status', 'awaiting-approval');
  await expect(click.locator('.tool-label')).toHaveText('Click');
  await expect(click.locator('.approval .preview')).toContainText('button "Say hi"');
  await click.getByRole('button', { name: 'Approve' }).click();
  await finished(panel);
  await expect(click.locator('.card-line')).toHaveText('Clicked “Say hi”');
  await expect(page.locator('body')).toHaveAttribute('data-greeted', 'yes');
});
