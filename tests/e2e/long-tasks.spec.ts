/**
 * Long tasks end to end: at the user's step limit the run pauses with "Continue for N more steps?", waits for a
 * click (also across a worker restart), and the token cap counts what the provider bills.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import {
  addProvider,
  assistantMessages,
  chatRequests,
  expect,
  killServiceWorker,
  openPanel,
  sendChat,
  test,
} from './fixtures';

const provider = (llm: FakeLlm) => ({
  kind: 'openai-compatible' as const,
  name: 'Fake',
  baseUrl: llm.openaiBaseUrl,
  model: 'fake-model',
});

async function saveAssistantSettings(extPage: Page, values: { steps?: string; tokens?: string }) {
  await extPage.reload();
  const assistant = extPage.getByRole('region', { name: 'Assistant' });
  if (values.steps) await assistant.getByLabel(/Step limit/).fill(values.steps);
  if (values.tokens) await assistant.getByLabel(/Tokens per run/).fill(values.tokens);
  await assistant.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(assistant.getByRole('status')).toHaveText('Saved.');
}

const listTabs = (i: number) => ({ toolCalls: [{ id: `lt${i}`, name: 'list_tabs', arguments: '{}' }] });

test('at the step limit the run asks to continue, keeps asking after a worker restart, and goes on only on a click', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, provider(llm));
  await saveAssistantSettings(extPage, { steps: '2' });
  llm.enqueue(listTabs(1), listTabs(2), listTabs(3), { text: ['All four steps done.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Go through my tabs one by one');
  const answer = assistantMessages(panel).last();
  const pause = answer.getByRole('group', { name: 'Continue for 2 more steps?' });
  await expect(pause).toBeVisible();
  await expect(pause).toContainText('This task has taken 2 steps');
  await panel.waitForTimeout(500);
  expect(chatRequests(llm)).toHaveLength(2); // nothing goes on by itself
  await expect(answer).toHaveAttribute('data-status', 'streaming');

  await killServiceWorker(context, panel);
  await panel.reload();
  const again = assistantMessages(panel).last().getByRole('group', { name: 'Continue for 2 more steps?' });
  await expect(again).toBeVisible({ timeout: 20_000 });
  expect(chatRequests(llm)).toHaveLength(2);
  await again.getByRole('button', { name: 'Continue' }).click();

  const done = assistantMessages(panel).last();
  await expect(done).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(done).toContainText('All four steps done.');
  await expect(done.locator('.step-pause[data-decision="continue"]')).toHaveText('Continued for 2 more steps.');
  expect(chatRequests(llm)).toHaveLength(4);
});

test('Stop here ends the run at the limit with its notice', async ({ context, extensionId, llm, extPage }) => {
  await addProvider(extPage, provider(llm));
  await saveAssistantSettings(extPage, { steps: '1' });
  llm.enqueue(listTabs(1), { text: ['never reached'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Which tabs?');
  const answer = assistantMessages(panel).last();
  await answer.getByRole('button', { name: 'Stop here' }).click();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('.step-pause[data-decision="stop"]')).toHaveText('Stopped here after 1 steps.');
  await expect(answer).toContainText('Stopped at the step limit.');
  expect(chatRequests(llm)).toHaveLength(1);
});

test('the token cap counts cached prompt tokens at their cached weight, and still ends a run past it', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, provider(llm));
  await saveAssistantSettings(extPage, { tokens: '5000' });
  // Each step re-sends a 3,000-token prompt, 2,800 of it from the provider's cache: billed 200 + 1,400 + 20.
  const cachedStep = (i: number) => ({
    ...listTabs(i),
    usage: { inputTokens: 3_000, cachedTokens: 2_800, outputTokens: 20 },
  });
  llm.enqueue(cachedStep(1), cachedStep(2), {
    text: ['Three steps, about 4,860 billed tokens.'],
    usage: { inputTokens: 3_000, cachedTokens: 2_800, outputTokens: 20 },
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Which tabs?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('Three steps');
  await expect(answer.locator('.error-card')).toHaveCount(0);

  // The same steps uncached bill 3,020 each: the cap ends the run before its third model call.
  const uncachedStep = (i: number) => ({ ...listTabs(i), usage: { inputTokens: 3_000, outputTokens: 20 } });
  llm.enqueue(uncachedStep(4), uncachedStep(5), { text: ['never reached'] });
  const before = chatRequests(llm).length;
  await sendChat(panel, 'And again?');
  const second = assistantMessages(panel).last();
  await expect(second.locator('.error-card')).toContainText('the budget is 5,000 (Settings → Assistant)');
  expect(chatRequests(llm).length - before).toBe(2);
});
