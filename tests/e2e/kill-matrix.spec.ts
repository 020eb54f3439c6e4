/**
 * The worker is killed (CDP ServiceWorker.stopAllWorkers, as Chrome does when idle) at each point of a run.
 * The panel reconnecting wakes a fresh worker, which resumes the run from its journal: the run completes,
 * each tool ran exactly once, and no message is lost.
 */
import type { FakeLlm, RecordedRequest } from '../fake-llm';
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  killServiceWorker,
  openPanel,
  sendChat,
  test,
} from './fixtures';

type OpenAIMessage = { role: string; content: string | null; tool_call_id?: string };
const messagesOf = (r: RecordedRequest) => (r.body as { messages: OpenAIMessage[] }).messages;
const toolResults = (r: RecordedRequest) => messagesOf(r).filter((m) => m.role === 'tool');

async function conversationMessages(page: import('@playwright/test').Page) {
  const convs = await callBackground<{ id: string }[]>(page, 'conversations.list', {});
  const { messages } = await callBackground<{ messages: { role: string; status: string; text: string }[] }>(
    page,
    'conversations.get',
    { id: convs[0]!.id },
  );
  return messages;
}

const provider = (llm: FakeLlm) => ({
  kind: 'openai-compatible' as const,
  name: 'Fake',
  baseUrl: llm.openaiBaseUrl,
  model: 'fake-model',
});

test('killed during a model stream: the seen text stays, the stream is retried once, the answer completes', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, provider(llm));
  llm.enqueue(
    { text: Array.from({ length: 60 }, (_, i) => `part${i} `), chunkDelayMs: 100 },
    { text: ['and that is the rest.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Tell me a long story');
  const answer = assistantMessages(panel).last();
  await expect(answer).toContainText('part8 ');
  await killServiceWorker(context, panel);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('part0 part1 part2');
  await expect(answer.locator('.notice-line')).toContainText('stopped the background');
  await expect(answer).toContainText('and that is the rest.');
  expect(chatRequests(llm)).toHaveLength(2);
  const stored = await conversationMessages(extPage);
  expect(stored.map((m) => [m.role, m.status])).toEqual([
    ['user', 'complete'],
    ['assistant', 'complete'],
  ]);
  expect(stored[1]!.text).toMatch(/^part0 part1 part2[\s\S]*and that is the rest\.$/);
});

test('killed after tool calls arrive but before they run: the tool runs exactly once', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'anthropic',
    name: 'Claude (fake)',
    baseUrl: llm.anthropicBaseUrl,
    model: 'claude-test',
    apiKey: 'k',
  });
  // Anthropic closes the tool_use block before the message ends: the call has arrived, the stream then stalls.
  llm.enqueue(
    {
      text: ['Saving.'],
      toolCalls: [{ id: 'toolu_save', name: 'memory_save', arguments: '{"text":"Gate code 4411"}' }],
      fault: { kind: 'stall', afterChunks: 99 },
    },
    {
      text: ['Saving.'],
      toolCalls: [{ id: 'toolu_save2', name: 'memory_save', arguments: '{"text":"Gate code 4411"}' }],
    },
    { text: ['Saved.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Remember gate code 4411');
  const answer = assistantMessages(panel).last();
  await expect(answer).toContainText('Saving.');
  await expect.poll(() => llm.requests.length).toBeGreaterThanOrEqual(1);
  await panel.waitForTimeout(300);
  await killServiceWorker(context, panel);
  // memory_save asks first: the retried step's call waits for the user, then runs once.
  const save = answer.locator('.tool-card[data-tool="memory_save"][data-status="awaiting-approval"]');
  await save.getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 });
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('Saved.');
  const memories = await callBackground<{ text: string }[]>(extPage, 'memories.list', {});
  expect(memories.map((m) => m.text)).toEqual(['Gate code 4411']);
  const stored = await conversationMessages(extPage);
  expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
});

test('killed during a tool: a consequential call is reported as unknown, never repeated', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, provider(llm));
  llm.enqueue(
    {
      text: ['Delegating.'],
      toolCalls: [{ id: 'd1', name: 'delegate', arguments: '{"agent":"researcher","task":"List my tabs"}' }],
    },
    { text: ['Sub-agent working'], fault: { kind: 'stall', afterChunks: 1 } },
    { text: ['The research was interrupted; here is what I know.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Research my tabs');
  const answer = assistantMessages(panel).last();
  const card = answer.locator('.tool-card[data-tool="delegate"]');
  await expect(card.locator('.nested')).toContainText('Sub-agent working');
  await killServiceWorker(context, panel);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('here is what I know');
  await expect(card).toHaveAttribute('data-status', 'error');
  // Three requests: the parent's first step, the sub-agent (once), the parent's next step. The delegate was not re-run.
  const requests = chatRequests(llm);
  expect(requests).toHaveLength(3);
  const result = toolResults(requests[2]!).find((m) => m.tool_call_id === 'd1');
  expect(result?.content).toMatch(/outcome unknown/);
});

test('killed while an approval waits: the card comes back, and approving runs the tool once', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, provider(llm));
  llm.enqueue(
    { toolCalls: [{ id: 'save', name: 'memory_save', arguments: '{"text":"Locker 7"}' }] },
    (req) => {
      const saved = JSON.parse(toolResults(req)[0]!.content!) as { saved: string };
      return { toolCalls: [{ id: 'del', name: 'memory_delete', arguments: JSON.stringify({ id: saved.saved }) }] };
    },
    { text: ['Forgotten.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Save and then forget locker 7');
  const answer = assistantMessages(panel).last();
  await answer.locator('.tool-card[data-tool="memory_save"]').getByRole('button', { name: 'Approve' }).click();
  await expect(answer.locator('.tool-card[data-tool="memory_delete"]')).toHaveAttribute(
    'data-status',
    'awaiting-approval',
  );
  await killServiceWorker(context, panel);
  // The fresh worker resumes the run and shows the same pending approval.
  await panel.waitForTimeout(500);
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="memory_delete"]');
  await expect(card).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 15_000 });
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toHaveLength(1);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(assistantMessages(panel).last()).toContainText('Forgotten.');
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toHaveLength(0);
  // memory_save ran once (else a second memory would remain), and the model was asked exactly three times.
  expect(chatRequests(llm)).toHaveLength(3);
});
