/** The run caps end to end: a compromised model that fans out is stopped before any of its calls runs. */
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

const manyCalls = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? { id: `call_${i}`, name: 'memory_save', arguments: JSON.stringify({ text: `Planted fact ${i}` }) }
      : { id: `call_${i}`, name: 'list_tabs', arguments: '{}' },
  );

test('a step with more tool calls than allowed ends the run with a message, and none of them runs', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  llm.enqueue({ toolCalls: manyCalls(14) }, { text: ['never reached'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Summarise this page');
  const answer = assistantMessages(panel).last();
  await expect(answer.locator('.error-card')).toContainText(
    'Stopped: this run made 14 tool calls in one step; the limit is 10 (Settings → Assistant).',
  );
  await expect(answer.locator('.error-card').getByRole('button', { name: 'Open settings' })).toBeVisible();
  await expect(answer.locator('.tool-card')).toHaveCount(14);
  await expect(answer.locator('.tool-card[data-status="error"]')).toHaveCount(14);
  await expect(answer.locator('.tool-card[data-status="awaiting-approval"]')).toHaveCount(0);
  // No result went back to the model and nothing was saved.
  await panel.waitForTimeout(300);
  expect(chatRequests(llm)).toHaveLength(1);
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toEqual([]);
});

test("the limit is the user's: set to 2 in Settings → Assistant, a step of 3 calls stops", async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  await extPage.reload();
  const assistant = extPage.getByRole('region', { name: 'Assistant' });
  await assistant.getByLabel(/Tool calls per step/).fill('2');
  await assistant.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(assistant.getByRole('status')).toHaveText('Saved.');
  // The form will not submit "no limit" (the background's schema refuses it too: unit-tested).
  await assistant.getByLabel(/Tool calls per step/).fill('0');
  expect(
    await assistant
      .getByLabel(/Tool calls per step/)
      .evaluate((el) => (el as HTMLInputElement).validity.rangeUnderflow),
  ).toBe(true);

  llm.enqueue(
    { toolCalls: [1, 2, 3].map((i) => ({ id: `t${i}`, name: 'list_tabs', arguments: '{}' })) },
    { text: ['never reached'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Which tabs?');
  await expect(assistantMessages(panel).last().locator('.error-card')).toContainText(
    'Stopped: this run made 3 tool calls in one step; the limit is 2 (Settings → Assistant).',
  );
  expect(chatRequests(llm)).toHaveLength(1);
});
