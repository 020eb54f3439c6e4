/** The agent loop end to end: tools, parallel calls, approvals, interjection, stop, prompt caching, page context. */
import type { Page } from '@playwright/test';
import type { FakeLlm, RecordedRequest } from '../fake-llm';
import { untrustedBlocks, unwrapUntrusted } from '../security/untrusted-block';
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

type OpenAIMessage = {
  role: string;
  content: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string } }[];
};
const openaiMessages = (r: RecordedRequest) => (r.body as { messages: OpenAIMessage[] }).messages;
const toolResults = (r: RecordedRequest) => openaiMessages(r).filter((m) => m.role === 'tool');

async function setup(page: Page, llm: FakeLlm, kind: 'openai-compatible' | 'anthropic' = 'openai-compatible') {
  await addProvider(
    page,
    kind === 'anthropic'
      ? { kind, name: 'Claude (fake)', baseUrl: llm.anthropicBaseUrl, model: 'claude-test', apiKey: 'k' }
      : { kind, name: 'Fake', baseUrl: llm.openaiBaseUrl, model: 'fake-model' },
  );
}

test('a two-step tool loop: the tool card shows, and its result goes back to the model', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setup(extPage, llm);
  // Two web pages open: list_tabs is offered (with one, the page's own block says all it could).
  for (const path of ['/v1/models?first', '/v1/models?second']) await (await context.newPage()).goto(llm.url + path);
  llm.enqueue(
    { text: ['Let me look at your tabs.'], toolCalls: [{ id: 'call_tabs', name: 'list_tabs', arguments: '{}' }] },
    { text: ['You have the settings page open.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Which tabs are open?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  const card = answer.locator('.tool-card[data-tool="list_tabs"]');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card.locator('.tool-duration')).toHaveText(/\d+(\.\d)? m?s/);
  await card.locator('summary').click();
  await expect(card.locator('.tool-output')).toContainText('options.html');
  await expect(answer.locator('.markdown')).toHaveText([
    'Let me look at your tabs.',
    'You have the settings page open.',
  ]);

  const [first, second] = chatRequests(llm);
  expect((first!.body as { tools: { function: { name: string } }[] }).tools.map((t) => t.function.name)).toContain(
    'list_tabs',
  );
  const results = toolResults(second!);
  expect(results).toHaveLength(1);
  expect(results[0]!.tool_call_id).toBe('call_tabs');
  expect(results[0]!.content).toContain(`chrome-extension://${extensionId}/options.html`);
});

test('tool calls made together run in parallel and their results return in call order', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setup(extPage, llm);
  llm.enqueue(
    {
      toolCalls: [
        { id: 'a', name: 'memory_save', arguments: '{"text":"The user likes tea"}' },
        { id: 'b', name: 'list_tabs', arguments: '{}' },
        { id: 'c', name: 'memory_search', arguments: '{"query":"coffee"}' },
      ],
    },
    { text: ['Noted.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Remember I like tea');
  await approveSave(panel, 'The user likes tea');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(assistantMessages(panel).last().locator('.tool-card')).toHaveCount(3);
  const results = toolResults(chatRequests(llm)[1]!);
  expect(results.map((r) => r.tool_call_id)).toEqual(['a', 'b', 'c']);
  expect(results[0]!.content).toMatch(/"saved"/);
  // Memories reach the model marked as saved data, page text (tab titles) as untrusted page content.
  expect(results[2]!.content).toMatch(/^<untrusted_saved_memory boundary="[0-9a-f]{32}" source="memory_search">\n/);
  expect(unwrapUntrusted(results[2]!.content!)).toBe('No memories match.');
  expect(results[1]!.content).toMatch(/^<untrusted_page_content boundary="[0-9a-f]{32}" source="list_tabs">\n/);
  const memories = await callBackground<{ text: string }[]>(extPage, 'memories.list', {});
  expect(memories.map((m) => m.text)).toEqual(['The user likes tea']);
});

/** memory_save asks first: approves its card (the preview shows the text to be remembered). */
async function approveSave(panel: Page, text: string) {
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="memory_save"]');
  await expect(card).toHaveAttribute('data-status', 'awaiting-approval');
  await expect(card.locator('.preview')).toContainText(`Remember: ${text}`);
  await card.getByRole('button', { name: 'Approve' }).click();
}

/** Scripts: save a memory, then ask to delete it (memory_delete needs approval), then a closing text. */
function scriptDelete(llm: FakeLlm) {
  llm.enqueue(
    { toolCalls: [{ id: 'save', name: 'memory_save', arguments: '{"text":"Parking spot B12"}' }] },
    (req) => {
      const saved = JSON.parse(toolResults(req)[0]!.content!) as { saved: string };
      return { toolCalls: [{ id: 'del', name: 'memory_delete', arguments: JSON.stringify({ id: saved.saved }) }] };
    },
    { text: ['All done.'] },
  );
}

test('a consequential tool waits for approval: approved, it runs', async ({ context, extensionId, llm, extPage }) => {
  await setup(extPage, llm);
  scriptDelete(llm);
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Save then forget my parking spot');
  await approveSave(panel, 'Parking spot B12');
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="memory_delete"]');
  await expect(card).toHaveAttribute('data-status', 'awaiting-approval');
  await expect(card.locator('.preview')).toContainText('id');
  // Nothing happens until the user decides.
  await panel.waitForTimeout(300);
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toHaveLength(1);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card.locator('.decision')).toHaveText('Approved');
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toHaveLength(0);
});

test('a consequential tool waits for approval: denied, the model is told so and nothing changes', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setup(extPage, llm);
  scriptDelete(llm);
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Save then forget my parking spot');
  await approveSave(panel, 'Parking spot B12');
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="memory_delete"]');
  await card.getByRole('button', { name: 'Deny' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(card).toHaveAttribute('data-status', 'denied');
  expect(toolResults(chatRequests(llm)[2]!).at(-1)!.content).toMatch(/denied by the user/);
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toHaveLength(1);
});

test('a pending approval survives closing the panel: reopened, the card still waits, and approving runs the tool', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setup(extPage, llm);
  scriptDelete(llm);
  const first = await openPanel(context, extensionId);
  await sendChat(first, 'Save then forget my parking spot');
  await approveSave(first, 'Parking spot B12');
  await expect(assistantMessages(first).last().locator('.tool-card[data-tool="memory_delete"]')).toHaveAttribute(
    'data-status',
    'awaiting-approval',
  );
  await first.close();
  const panel = await openPanel(context, extensionId);
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="memory_delete"]');
  await expect(card).toHaveAttribute('data-status', 'awaiting-approval');
  await expect(card.locator('.preview')).toContainText('id');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toHaveLength(0);
});

test('a message sent during a run joins it before the next model call', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setup(extPage, llm);
  llm.enqueue(
    {
      text: ['Looking', ' at', ' your', ' tabs', ' now', '.'],
      chunkDelayMs: 250,
      toolCalls: [{ id: 't', name: 'list_tabs', arguments: '{}' }],
    },
    { text: ['Got it, including your note.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Check my tabs');
  await expect(assistantMessages(panel).last()).toContainText('Looking');
  await sendChat(panel, 'Also mention the time');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('.interjection')).toHaveText('Also mention the time');
  const second = openaiMessages(chatRequests(llm)[1]!);
  expect(second.at(-1)).toMatchObject({ role: 'user', content: 'Also mention the time' });
  // One run, one answer: the interjection did not start a second conversation turn.
  await expect(assistantMessages(panel)).toHaveCount(1);
});

test('Stop during a tool ends the run within 500 ms and records what was done', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setup(extPage, llm);
  llm.enqueue(
    {
      text: ['Delegating.'],
      toolCalls: [{ id: 'd', name: 'delegate', arguments: '{"agent":"researcher","task":"Find my tabs"}' }],
    },
    // The sub-agent's model call never finishes: the delegate tool stays running.
    { text: ['Sub-agent thinking'], fault: { kind: 'stall', afterChunks: 1 } },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Research something');
  const answer = assistantMessages(panel).last();
  const card = answer.locator('.tool-card[data-tool="delegate"]');
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.locator('.nested')).toContainText('Sub-agent thinking');
  const clicked = Date.now();
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped', { timeout: 500 });
  expect(Date.now() - clicked).toBeLessThan(500);
  await expect(answer.locator('.status')).toHaveText('Stopped');
  await expect(answer.locator('.markdown').first()).toHaveText('Delegating.');
});

test('Anthropic requests carry the three prompt-cache markers', async ({ context, extensionId, llm, extPage }) => {
  await setup(extPage, llm, 'anthropic');
  llm.enqueue(
    { text: ['Checking.'], toolCalls: [{ id: 'toolu_1', name: 'list_tabs', arguments: '{}' }] },
    { text: ['Done.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'What is open?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const body = chatRequests(llm, '/v1/messages')[1]!.body as {
    system: { cache_control?: unknown }[];
    tools: { name: string; cache_control?: unknown }[];
    messages: { role: string; content: { type: string; cache_control?: unknown }[] }[];
  };
  const eph = { type: 'ephemeral' };
  expect(body.system.at(-1)!.cache_control).toEqual(eph);
  expect(body.tools.at(-1)!.cache_control).toEqual(eph);
  expect(body.tools.slice(0, -1).some((t) => t.cache_control)).toBe(false);
  expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(body.messages[1]!.content.at(-1)).toMatchObject({ type: 'tool_use', cache_control: eph });
  expect(body.messages[2]!.content.some((b) => b.cache_control)).toBe(false);
});

test('the page context chips go with the message, can be removed, and "what the model saw" shows the prompt', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await setup(extPage, llm);
  const site = await context.newPage();
  await site.goto(`${llm.url}/v1/models`);
  const panel = await openPanel(context, extensionId);
  await expect(panel.locator('.chip').first()).toHaveAttribute('title', `${llm.url}/v1/models`);
  await expect(panel.locator('.chip').first()).toContainText('Page:');
  llm.enqueue({ text: ['First.'] }, { text: ['Second.'] });
  await sendChat(panel, 'What is this page?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  // The page's context is data in the user's turn, inside a marked block; the system prompt holds none of it.
  const first = openaiMessages(chatRequests(llm)[0]!);
  const system1 = first[0]!.content!;
  expect(system1).not.toContain(`${llm.url}/v1/models`);
  // Each tool's guidance goes once, in the tool list, not again in the system prompt.
  const readPage = (
    chatRequests(llm)[0]!.body as { tools: { function: { name: string; description: string } }[] }
  ).tools.find((t) => t.function.name === 'read_page')!;
  expect(readPage.function.description.length).toBeGreaterThan(20);
  expect(system1).not.toContain(readPage.function.description);
  const turn1 = first.at(-1)!;
  expect(turn1.role).toBe('user');
  expect(turn1.content).toContain('What is this page?');
  const [pageBlock] = untrustedBlocks(turn1.content!);
  expect(pageBlock?.tag).toBe('untrusted_page_content');
  expect(pageBlock?.body).toContain(`URL: ${llm.url}/v1/models`);

  await panel.getByRole('button', { name: 'Remove page context' }).click();
  await sendChat(panel, 'And now?');
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Second.');
  expect(JSON.stringify(chatRequests(llm)[1]!.body)).not.toContain(`${llm.url}/v1/models`);

  await assistantMessages(panel).first().getByRole('button', { name: 'What the model saw' }).click();
  const dialog = panel.getByRole('dialog', { name: 'What the model saw' });
  await expect(dialog.locator('.system-prompt')).toContainText('You are Tabwise');
  await dialog
    .getByText(/^Tools \(\d+\)/)
    .first()
    .click();
  await expect(dialog.locator('.step pre').nth(2)).toContainText('"name": "read_page"');
  await expect(dialog.locator('.step pre').nth(2)).toContainText(
    JSON.stringify(readPage.function.description).slice(1, 41),
  );
  await expect(dialog.locator('.system-prompt')).not.toContainText(`${llm.url}/v1/models`);
  await dialog
    .getByText(/^Messages \(/)
    .first()
    .click();
  await expect(dialog.locator('.step pre').nth(1)).toContainText(`URL: ${llm.url}/v1/models`);
  await expect(dialog.locator('.step pre').nth(1)).toContainText(
    `untrusted_page_content boundary=\\"${pageBlock!.boundary}\\"`,
  );
});
