/**
 * Approvals bound to where the action lands, end to end: the built extension, the fake LLM scripted as a
 * compromised model, and the same form served on two origins (127.0.0.1 and localhost). Every write a page
 * sees goes into the write ledger (tests/security/approvals.ts), whose counters must stay at 0.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import { addProvider, assistantMessages, chatRequests, expect, openPanel, sendChat, test } from '../e2e/fixtures';
import { approveCard, createWriteLedger, watchPageWrites } from './approvals';
import { serveTwoOrigins, type TwoOrigins } from './serve-two-origins';
import { unwrapUntrusted } from './untrusted-block';

let sites: TwoOrigins;
test.beforeAll(async () => {
  sites = await serveTwoOrigins(['approval-form.html']);
});
test.afterAll(async () => {
  await sites?.close();
});

const call = (name: string, args: unknown = {}) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
const card = (panel: Page, tool: string) => panel.locator(`.tool-card[data-tool="${tool}"]`);
const finished = (panel: Page) => expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

/** The setting of every test here: writes watched, the fake model as provider, the form open on origin A, the panel open. */
async function openFormOnA({ context, extensionId, llm, extPage }: { context: BrowserContext; extensionId: string; llm: FakeLlm; extPage: Page }) {
  const ledger = createWriteLedger();
  await watchPageWrites(context, ledger);
  await addProvider(extPage, { kind: 'openai-compatible', name: 'Fake', baseUrl: llm.openaiBaseUrl, model: 'fake-model' });
  const page = await context.newPage();
  await page.goto(`${sites.a}/approval-form.html`);
  const panel = await openPanel(context, extensionId);
  return { ledger, page, panel };
}

/** The page's own script sends the tab to the same form on origin B (as a hostile page would while a card waits). */
async function moveTabToB(page: Page) {
  await Promise.all([page.waitForURL(`${sites.b}/approval-form.html`), page.evaluate((url) => { location.href = url; }, `${sites.b}/approval-form.html`)]);
  await expect(page.locator('#fullName')).toBeVisible();
}

/** The result of the latest `toolName` call as the model received it (OpenAI wire: role "tool" messages), out of its marked block. */
function toolResult(llm: FakeLlm, toolName: string): string {
  for (const req of [...chatRequests(llm, '/v1/chat/completions')].reverse()) {
    const messages = (req.body as { messages: { role: string; content?: unknown; tool_call_id?: string; tool_calls?: { id: string; function: { name: string } }[] }[] }).messages;
    const names = new Map(messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name]));
    const found = messages.filter((m) => m.role === 'tool' && names.get(m.tool_call_id ?? '') === toolName).at(-1);
    if (found) return unwrapUntrusted(typeof found.content === 'string' ? found.content : JSON.stringify(found.content));
  }
  throw new Error(`the model never received a result of ${toolName}`);
}

test('"Always allow" on one origin does not follow the tab to another: the card comes back naming the new origin', async ({ context, extensionId, llm, extPage }) => {
  const { ledger, page, panel } = await openFormOnA({ context, extensionId, llm, extPage });
  let moved = false;
  llm.enqueue(
    call('get_form_state'),
    call('fill_form', { updates: { fullName: 'Ada' } }),
    // The compromised model waits (streaming dots) until the tab is on the other site, then acts there.
    { text: (i) => (moved || i > 600 ? undefined : '.'), chunkDelayMs: 50, toolCalls: [{ name: 'get_form_state', arguments: '{}' }] },
    call('fill_form', { updates: { fullName: 'Mallory' } }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Fill my name');

  const first = card(panel, 'fill_form').first();
  await expect(first.locator('.approval-origin')).toHaveText(`on ${sites.a}`);
  await approveCard(first, ledger, 'Always allow on this site');
  await expect.poll(() => page.locator('#fullName').inputValue()).toBe('Ada');

  await page.goto(`${sites.b}/approval-form.html`);
  moved = true;
  const second = card(panel, 'fill_form').nth(1);
  await expect(second.locator('.approval-origin')).toHaveText(`on ${sites.b}`);
  await expect(second.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(second.locator('.approval .preview')).toContainText('"Mallory"');
  expect(await page.locator('#fullName').inputValue()).toBe('');
  await second.getByRole('button', { name: 'Deny' }).click();
  await finished(panel);

  expect(await page.locator('#fullName').inputValue()).toBe('');
  expect(ledger.writes.filter((w) => w.origin === sites.b)).toEqual([]);
  expect(ledger.writes.filter((w) => w.origin === sites.a).length).toBeGreaterThan(0);
  expect(ledger.counts()).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
});

test('a page that sends the tab to another origin between approval and action: the fill does not run there', async ({ context, extensionId, llm, extPage }) => {
  const { ledger, page, panel } = await openFormOnA({ context, extensionId, llm, extPage });
  llm.enqueue(call('get_form_state'), call('fill_form', { updates: { fullName: 'Ada' } }), { text: ['The page changed.'] });
  await sendChat(panel, 'Fill my name');

  const fill = card(panel, 'fill_form');
  await expect(fill.locator('.approval-origin')).toHaveText(`on ${sites.a}`);
  // The page's own script moves the tab while the card waits.
  await moveTabToB(page);
  await approveCard(fill, ledger);
  await finished(panel);

  expect(await page.locator('#fullName').inputValue()).toBe('');
  expect(toolResult(llm, 'fill_form')).toMatch(/navigated|changed/);
  expect(ledger.writes).toEqual([]);
  expect(ledger.counts()).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
});

test('a click card shows the button, where its form sends and the origin; after the tab moved, the click does not happen', async ({ context, extensionId, llm, extPage }) => {
  const { ledger, page, panel } = await openFormOnA({ context, extensionId, llm, extPage });
  const snapshot = { fields: [] as { key: string }[], buttons: [] as { key: string; text: string }[] };
  llm.enqueue(call('get_form_state'), (req) => {
    void req;
    Object.assign(snapshot, JSON.parse(toolResult(llm, 'get_form_state')));
    return call('click', { key: snapshot.buttons.find((b) => b.text === 'Place order')?.key ?? 'place-order' });
  }, { text: ['Not clicked.'] });
  await sendChat(panel, 'Place the order');

  const click = card(panel, 'click');
  await expect(click.locator('.approval-origin')).toHaveText(`on ${sites.a}`);
  const preview = click.locator('.approval .preview');
  await expect(preview).toContainText('button "Place order"');
  await expect(preview).toContainText(`to POST ${sites.a}/done`);
  await expect(preview).toContainText(`on ${sites.a}`);
  await moveTabToB(page);
  await approveCard(click, ledger);
  await finished(panel);

  await expect(page).toHaveURL(`${sites.b}/approval-form.html`);
  expect(toolResult(llm, 'click')).toMatch(/navigated|changed/);
  expect(ledger.writes).toEqual([]);
  expect(ledger.counts()).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
});
