import type { RecordedRequest } from '../fake-llm';
import {
  addFakeProvider,
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

const systemOf = (r: RecordedRequest) =>
  (r.body as { messages: { role: string; content: string }[] }).messages[0]!.content;

test('the step limit, custom instructions and a user skill all reach the run', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  await extPage.reload();
  const assistant = extPage.getByRole('region', { name: 'Assistant' });
  await assistant.getByLabel(/Step limit/).fill('2');
  await assistant.getByLabel(/Custom instructions/).fill('Always answer like a pirate.');
  await assistant.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(assistant.getByRole('status')).toHaveText('Saved.');

  const skills = extPage.getByRole('region', { name: 'Skills' });
  const skillForm = skills.getByRole('form', { name: 'New skill' });
  await skillForm.getByLabel('Skill name').fill('tide-tables');
  await skillForm.getByLabel('When to use it').fill('When the user asks about tides');
  await skillForm.getByLabel('Instructions').fill('Quote high and low tide in local time.');
  await skillForm.getByRole('button', { name: 'Add skill' }).click();
  await expect(skills.locator('li[data-skill="tide-tables"]')).toContainText('yours');
  // Bundled skill names are taken.
  await skillForm.getByLabel('Skill name').fill('summarise-page');
  await skillForm.getByLabel('When to use it').fill('x');
  await skillForm.getByLabel('Instructions').fill('y');
  await skillForm.getByRole('button', { name: 'Add skill' }).click();
  await expect(skills.getByRole('alert')).toContainText('built-in skill');

  // The model loads the skill, then keeps calling tools: the third call is past the limit of 2.
  llm.enqueue(
    { toolCalls: [{ id: 's', name: 'load_skill', arguments: '{"name":"tide-tables"}' }] },
    { toolCalls: [{ id: 't', name: 'list_tabs', arguments: '{}' }] },
    { text: ['never reached'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'When is high tide?');
  const answer = assistantMessages(panel).last();
  // At the limit the run asks to continue; the user stops it there.
  await answer
    .getByRole('group', { name: 'Continue for 2 more steps?' })
    .getByRole('button', { name: 'Stop here' })
    .click();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('.notice-line').last()).toContainText('step limit');
  const requests = chatRequests(llm);
  expect(requests).toHaveLength(2);
  const system = systemOf(requests[0]!);
  expect(system).toContain('Always answer like a pirate.');
  expect(system).toMatch(
    /<available_skills>[\s\S]*tide-tables[\s\S]*When the user asks about tides[\s\S]*<\/available_skills>/,
  );
  expect(system).not.toContain('Quote high and low tide');
  const skillResult = (requests[1]!.body as { messages: { role: string; content: string }[] }).messages.find(
    (m) => m.role === 'tool',
  )!;
  expect(skillResult.content).toContain('Quote high and low tide in local time.');
});

test('memories the assistant saved are listed in settings and can be forgotten', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue(
    { toolCalls: [{ id: 'm', name: 'memory_save', arguments: '{"text":"Prefers aisle seats"}' }] },
    { text: ['Noted.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'I prefer aisle seats');
  await assistantMessages(panel)
    .last()
    .locator('.tool-card[data-tool="memory_save"]')
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await extPage.reload();
  const memories = extPage.getByRole('region', { name: 'Memories' });
  await expect(memories.locator('li[data-memory] .memory-text')).toHaveText(['Prefers aisle seats']);
  await memories.getByRole('button', { name: 'Forget: Prefers aisle seats' }).click();
  await expect(memories.locator('li[data-memory]')).toHaveCount(0);
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toEqual([]);
  // The run was measured: the performance table lists the model and the tool (by its card's title).
  await extPage.reload();
  await expect(
    extPage.getByRole('region', { name: 'Performance' }).locator('table.stats td[title="memory_save"]'),
  ).toHaveText('Save a memory');
});

test('reasoning set to High: Anthropic gets extended thinking, OpenAI gets reasoning effort, and the thinking is shown', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await extPage.reload();
  await addProvider(extPage, {
    kind: 'anthropic',
    name: 'Claude (fake)',
    baseUrl: llm.anthropicBaseUrl,
    model: 'claude-test',
    apiKey: 'k',
  });
  await extPage.reload();
  const assistant = extPage.getByRole('region', { name: 'Assistant' });
  await assistant.getByLabel(/Reasoning/).selectOption('high');
  await assistant.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(assistant.getByRole('status')).toHaveText('Saved.');

  llm.enqueue({ reasoning: ['Weighing ', 'the options.'], text: ['Go with B.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'A or B?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('details.reasoning')).toContainText('Weighing the options.');
  await expect(answer.locator('.markdown')).toHaveText('Go with B.');
  expect(chatRequests(llm, '/v1/messages')[0]!.body).toMatchObject({
    thinking: { type: 'enabled', budget_tokens: 16_000 },
  });

  const { id } = await addProvider(extPage, {
    kind: 'openai',
    name: 'o-series (fake)',
    baseUrl: llm.openaiBaseUrl,
    model: 'o-test',
    apiKey: 'k',
  });
  await callBackground(extPage, 'settings.update', { defaultProviderId: id });
  llm.enqueue({ text: ['Fine.'] });
  await panel.getByRole('button', { name: 'New' }).click();
  await sendChat(panel, 'Again?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const body = chatRequests(llm, '/v1/chat/completions')[0]!.body as Record<string, unknown>;
  expect(body.reasoning_effort).toBe('high');
  expect(body).not.toHaveProperty('temperature');
});

test("editing a saved provider's host or type asks for the key again; plain http only for this computer", async ({
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Work',
    baseUrl: llm.openaiBaseUrl,
    model: 'm',
    apiKey: 'sk-work-1234',
  });
  await extPage.reload();
  const providers = extPage.getByRole('region', { name: 'Models' });
  await providers.locator('li[data-provider="Work"]').getByRole('button', { name: 'Edit' }).click();
  const form = extPage.getByRole('form', { name: 'Edit provider' });
  await expect(form.locator('.endpoint-rule')).toContainText('Plain http only for a server on this computer');
  await expect(form.locator('.endpoint-rule')).toContainText('needs the API key again');

  // Another host, key left empty: refused, nothing saved, and "Test connection" does not send the key there either.
  await form.getByLabel(/Base URL/).fill('https://attacker.example/v1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('enter the API key again');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByRole('alert').first()).toContainText('enter the API key again');
  let [saved] = await callBackground<{ baseUrl: string; keyLast4: string }[]>(extPage, 'providers.list', {});
  expect(saved).toMatchObject({ baseUrl: llm.openaiBaseUrl, keyLast4: '1234' });

  // Plain http to a host that is not this computer: the schema refuses it with the rule.
  await form.getByLabel(/Base URL/).fill('http://llm.example/v1');
  await form.getByLabel(/API key/).fill('sk-other-9999');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('Plain http is allowed only for this computer');

  // With the key typed again, the new https host is saved with the new key.
  await form.getByLabel(/Base URL/).fill('https://llm.example/v1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(providers.getByRole('status')).toHaveText('Saved Work.');
  [saved] = await callBackground<{ baseUrl: string; keyLast4: string }[]>(extPage, 'providers.list', {});
  expect(saved).toMatchObject({ baseUrl: 'https://llm.example/v1', keyLast4: '9999' });
});

test('delete all data: conversations, run records, memories and approvals go; providers and keys stay', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Fake',
    baseUrl: llm.openaiBaseUrl,
    model: 'm',
    apiKey: 'sk-keep-5678',
  });
  llm.enqueue(
    { toolCalls: [{ id: 'm', name: 'memory_save', arguments: '{"text":"Lives in Lyon"}' }] },
    { text: ['Noted.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'I live in Lyon');
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="memory_save"]');
  await card.getByRole('button', { name: /Always/ }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const [conversation] = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
  const { messages } = await callBackground<{ messages: { runId?: string }[] }>(extPage, 'conversations.get', {
    id: conversation!.id,
  });
  const runId = messages.find((m) => m.runId)!.runId!;
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toHaveLength(1);

  await extPage.reload();
  const data = extPage.getByRole('region', { name: 'Privacy & data' }).getByRole('group', { name: 'Delete all data' });
  await data.getByRole('button', { name: 'Delete all data…' }).click();
  await data.getByRole('group', { name: 'Confirm deleting all data' }).getByRole('button', { name: 'Cancel' }).click();
  expect(await callBackground<unknown[]>(extPage, 'conversations.list', {})).toHaveLength(1);
  await data.getByRole('button', { name: 'Delete all data…' }).click();
  await data.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(data.getByRole('status')).toContainText('Deleted 1 conversation');

  expect(await callBackground<unknown[]>(extPage, 'conversations.list', {})).toEqual([]);
  expect(await callBackground<unknown[]>(extPage, 'memories.list', {})).toEqual([]);
  await expect(callBackground(extPage, 'runs.inspect', { runId })).rejects.toThrow(/No record of that run/);
  const stats = await callBackground<{ models: Record<string, unknown> }>(extPage, 'telemetry.stats', {});
  expect(stats.models).toEqual({});
  const [provider] = await callBackground<{ name: string; keyLast4: string; hasKey: boolean }[]>(
    extPage,
    'providers.list',
    {},
  );
  expect(provider).toMatchObject({ name: 'Fake', hasKey: true, keyLast4: '5678' });

  // The "always allow" for memory_save went too: the next save asks again.
  llm.enqueue(
    { toolCalls: [{ id: 'm2', name: 'memory_save', arguments: '{"text":"Likes tea"}' }] },
    { text: ['Noted.'] },
  );
  const again = await openPanel(context, extensionId);
  await sendChat(again, 'I like tea');
  await expect(assistantMessages(again).last().locator('.tool-card[data-tool="memory_save"]')).toHaveAttribute(
    'data-status',
    'awaiting-approval',
  );
});

test('a memory keeps the page it was saved on: the approval card and Settings → Memories show it', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const site = await context.newPage();
  await site.goto(`${llm.url}/v1/models`);
  llm.enqueue(
    { toolCalls: [{ id: 'm', name: 'memory_save', arguments: '{"text":"Uses the staging server"}' }] },
    { text: ['Noted.'] },
  );
  const panel = await openPanel(context, extensionId);
  await expect(panel.locator('.chip').first()).toHaveAttribute('title', `${llm.url}/v1/models`);
  await sendChat(panel, 'Remember this');
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="memory_save"]');
  await expect(card.locator('.preview')).toContainText('Remember: Uses the staging server');
  await expect(card.locator('.preview')).toContainText(`Saved from: ${llm.url}/v1/models`);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await extPage.reload();
  const memories = extPage.getByRole('region', { name: 'Memories' });
  await expect(memories.locator('li[data-memory]')).toContainText(
    `Uses the staging server · saved on ${llm.url}/v1/models`,
  );
});
