/**
 * A stale snapshot end to end: the model snapshots the form, the page reloads itself (a new document with the
 * same fields and keys), the model reads the new page and then fills on its old snapshot. The worker has seen
 * the new document, so it refuses the fill without asking and without sending anything to the page; the
 * model reads why. The write ledger (tests/security/approvals.ts) must stay empty.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import {
  addFakeProvider,
  assistantMessages,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
} from '../e2e/fixtures';
import { createWriteLedger, watchPageWrites } from './approvals';
import { serveTwoOrigins, type TwoOrigins } from './serve-two-origins';

let sites: TwoOrigins;
test.beforeAll(async () => {
  sites = await serveTwoOrigins(['approval-form.html']);
});
test.afterAll(async () => {
  await sites?.close();
});

/** The text of the latest tool result the model was sent (OpenAI wire: a role "tool" message). */
function lastToolResult(llm: FakeLlm): string {
  const req = chatRequests(llm, '/v1/chat/completions').at(-1)!;
  const messages = (req.body as { messages: { role: string; content?: unknown }[] }).messages;
  const found = messages.filter((m) => m.role === 'tool').at(-1);
  return typeof found?.content === 'string' ? found.content : JSON.stringify(found?.content);
}

test('a fill on a snapshot of a document the tab has replaced is refused without a card, and nothing is written', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const ledger = createWriteLedger();
  await watchPageWrites(context, ledger);
  await addFakeProvider(extPage, llm);
  const page: Page = await context.newPage();
  await page.goto(`${sites.a}/approval-form.html`);
  const panel = await openPanel(context, extensionId);
  let reloaded = false;
  llm.enqueue(
    toolCall('get_form_state'),
    // The compromised model waits (streaming dots) until the page has reloaded, reads it, then fills on the old snapshot.
    {
      text: (i) => (reloaded || i > 600 ? undefined : '.'),
      chunkDelayMs: 50,
      toolCalls: [{ name: 'read_page', arguments: '{}' }],
    },
    toolCall('fill_form', { updates: { fullName: 'Mallory' } }),
    { text: ['Could not fill.'] },
  );
  await sendChat(panel, 'Fill my name');
  await expect(panel.locator('.tool-card[data-tool="get_form_state"]')).toHaveAttribute('data-status', 'done');
  await page.reload();
  reloaded = true;
  await expect(panel.locator('.tool-card[data-tool="read_page"]')).toHaveAttribute('data-status', 'done');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

  const fill = panel.locator('.tool-card[data-tool="fill_form"]');
  await expect(fill).toHaveAttribute('data-status', 'error');
  await expect(fill.locator('.approval')).toHaveCount(0);
  expect(lastToolResult(llm)).toMatch(/snapshot is older than the page now in the tab/);
  expect(await page.locator('#fullName').inputValue()).toBe('');
  expect(ledger.writes).toEqual([]);
  expect(ledger.counts()).toEqual({ unapproved_writes: 0, cross_origin_writes: 0 });
});
