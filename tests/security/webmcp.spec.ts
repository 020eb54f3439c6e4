/**
 * Pages that offer tools (WebMCP) are untrusted: a frame cannot offer tools for its parent (same-origin by
 * reaching into it, cross-origin through the relay's handshake), a page never sees the extension's handshake
 * with the relay, and a tool that changes its words after it was approved is asked about again.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
  toolCard,
  toolResults,
} from '../e2e/fixtures';
import { unwrapUntrusted } from './untrusted-block';
import { serveTwoOrigins, type TwoOrigins } from './serve-two-origins';

const finished = (panel: Page) => expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
const lastResults = (llm: FakeLlm) => toolResults(chatRequests(llm, '/v1/chat/completions').at(-1)!.body);

test('frames cannot offer tools for their parent, and the page never sees the extension’s handshake', async ({
  fixturePages,
  llm,
}) => {
  const { state, panel } = await fixturePages.setUp('webmcp-frames', {
    ready: 'none',
    settings: { useSiteTools: true },
  });
  // Both frames have tried: the same-origin one reached into the parent, the cross-origin one sent a handshake.
  await expect
    .poll(async () => (await state()).frames, { timeout: 10_000 })
    .toEqual({ same: ['refused: TypeError'], cross: ['refused: SecurityError'] });
  llm.enqueue(
    toolCall('get_page_state'),
    toolCall('call_page_tool', { name: 'forged_for_parent', arguments: {} }),
    toolCall('call_page_tool', { name: 'child_tool', arguments: {} }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'What tools does this page have?');
  await finished(panel);
  const [snapshot, forged, child] = lastResults(llm);
  const snap = JSON.parse(unwrapUntrusted(snapshot!)) as { pageTools: { name: string }[] };
  expect(snap.pageTools.map((t) => t.name)).toEqual(['parent_search', 'parent_tool']);
  expect(forged).toMatch(/"forged_for_parent" is not a tool the last snapshot of this page listed/);
  expect(child).toMatch(/"child_tool" is not a tool the last snapshot of this page listed/);
  await expect(toolCard(panel, 'call_page_tool').locator('.approval')).toHaveCount(0);
  // The page's own capturing listener saw no handshake but its frame's; the frame's got no answer.
  expect((await state()).spied).toEqual([]);
});

test('a read-only tool the page re-registers with other words after its approval is asked about again', async ({
  fixturePages,
  llm,
}) => {
  const { state, panel } = await fixturePages.setUp('webmcp-rug', { ready: 'none', settings: { useSiteTools: true } });
  llm.enqueue(
    toolCall('get_page_state'),
    toolCall('call_page_tool', { name: 'lookup_order', arguments: { order: 'A1' } }),
    toolCall('call_page_tool', { name: 'lookup_order', arguments: { order: 'A2' } }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Look up orders A1 and A2');
  const cards = toolCard(panel, 'call_page_tool');
  await expect(cards.nth(0).locator('.approval')).toContainText('“Looks up an order.”');
  await cards.nth(0).getByRole('button', { name: 'Approve' }).click();
  // Approved once in this run, but the tool is not the one approved any more: a new card, with the new words.
  await expect(cards.nth(1).locator('.approval')).toContainText('sends your address to our partners');
  await cards.nth(1).getByRole('button', { name: 'Deny' }).click();
  await finished(panel);
  expect(await state()).toEqual({ calls: 1 });
  expect(lastResults(llm)[2]).toMatch(/denied by the user/);
});

test('a hostile page asks for text read on another site, encoded and nested: carded with where it came from, even after "Always allow"', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const SECRET = 'ACCT-99417-ZQ';
  const sites: TwoOrigins = await serveTwoOrigins(['account-statement.html', 'webmcp-lookup.html']);
  try {
    await addFakeProvider(extPage, llm);
    await callBackground(extPage, 'settings.update', { useSiteTools: true });
    const page = await context.newPage();
    await page.goto(`${sites.a}/account-statement.html`);
    const panel = await openPanel(context, extensionId);
    let moved = false;
    llm.enqueue(
      toolCall('read_page'),
      {
        text: (i) => (moved || i > 600 ? undefined : '.'),
        chunkDelayMs: 50,
        toolCalls: [{ name: 'get_page_state', arguments: '{}' }],
      },
      toolCall('call_page_tool', { name: 'lookup_order', arguments: { order: 'A1' } }),
      // The compromised model follows the page's description: the account number, base64, one level down.
      toolCall('call_page_tool', { name: 'lookup_order', arguments: { order: 'A2', customer: { ref: btoa(SECRET) } } }),
      { text: ['Done.'] },
    );
    await sendChat(panel, 'Look up my orders A1 and A2');
    await expect(toolCard(panel, 'read_page')).toHaveAttribute('data-status', 'done');
    await page.goto(`${sites.b}/webmcp-lookup.html`);
    moved = true;
    const cards = toolCard(panel, 'call_page_tool');
    // Read-only, nothing read elsewhere in it: "Always allow on this site" is offered, and taken.
    await expect(cards.nth(0).locator('.approval-flow')).toHaveCount(0);
    await cards.nth(0).getByRole('button', { name: 'Always allow on this site' }).click();
    const second = cards.nth(1);
    await expect(second.locator('.approval-flow')).toHaveText(
      `customer.ref: This text came from ${new URL(sites.a).host}`,
    );
    await expect(second.getByRole('button', { name: /Always allow/ })).toHaveCount(0);
    await second.getByRole('button', { name: 'Deny' }).click();
    await finished(panel);
    const calls = (JSON.parse((await page.locator('#state').textContent()) ?? '{}') as { calls: unknown[] }).calls;
    expect(calls).toEqual([{ order: 'A1' }]);
    expect(lastResults(llm)[3]).toMatch(/denied by the user/);
  } finally {
    await sites.close();
  }
});

test('requestUserInteraction floods and requests outside a call are refused: one card, no callback without Continue', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const sites: TwoOrigins = await serveTwoOrigins(['webmcp-confirm.html']);
  try {
    await addFakeProvider(extPage, llm);
    await callBackground(extPage, 'settings.update', { useSiteTools: true });
    const page = await context.newPage();
    await page.goto(`${sites.a}/webmcp-confirm.html`);
    const state = async () =>
      JSON.parse((await page.locator('#state').textContent()) ?? '{}') as {
        confirmed: number;
        errors: string[];
        late: string | null;
      };
    const panel = await openPanel(context, extensionId);
    llm.enqueue(toolCall('get_page_state'), toolCall('call_page_tool', { name: 'flood', arguments: {} }), {
      text: ['Done.'],
    });
    await sendChat(panel, 'Run flood');
    const card = toolCard(panel, 'call_page_tool');
    await card.getByRole('button', { name: 'Approve' }).click();
    // Five asks at once: one card; the four others are refused in the page before anything is shown.
    await expect(card.getByRole('group', { name: 'The page asks for you' })).toHaveCount(1);
    await expect.poll(async () => (await state()).errors.length).toBe(0);
    await card.getByRole('button', { name: 'Decline' }).click();
    await finished(panel);
    const after = await state();
    expect(after.confirmed).toBe(0);
    expect(after.errors).toHaveLength(5);
    expect(after.errors.filter((e) => /refused: one at a time/.test(e))).toHaveLength(4);
    expect(after.errors.filter((e) => /declined/.test(e))).toHaveLength(1);
    // The client the page kept, used after the call: refused, and no card.
    await page.evaluate(() => (window as unknown as { askLater(): Promise<void> }).askLater());
    await expect.poll(async () => (await state()).late).toMatch(/refused/);
    expect((await state()).confirmed).toBe(0);
    await expect(card.getByRole('group', { name: 'The page asks for you' })).toHaveCount(0);
  } finally {
    await sites.close();
  }
});
