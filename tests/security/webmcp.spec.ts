/**
 * Pages that offer tools (WebMCP) are untrusted: a frame cannot offer tools for its parent (same-origin by
 * reaching into it, cross-origin through the relay's handshake), a page never sees the extension's handshake
 * with the relay, and a tool that changes its words after it was approved is asked about again.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import {
  assistantMessages,
  chatRequests,
  expect,
  sendChat,
  test,
  toolCall,
  toolCard,
  toolResults,
} from '../e2e/fixtures';
import { unwrapUntrusted } from './untrusted-block';

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
