/**
 * How the panel tells a user what went wrong with the provider, through the built extension and the real SDKs:
 * a stall, a cut-off stream and a server that is not there each say so in their own words, keep what arrived,
 * and offer Retry.
 */
import { createServer } from 'node:http';
import {
  addFakeProvider,
  addProvider,
  assistantMessages,
  callBackground,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function storedAnswers(extPage: Parameters<typeof callBackground>[0]) {
  const convs = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
  const stored = await callBackground<{
    messages: { role: string; text: string; status: string; error?: { code: string } }[];
  }>(extPage, 'conversations.get', { id: convs[0]!.id });
  return stored.messages.filter((m) => m.role === 'assistant');
}

test('a provider that goes silent mid-answer is shown as stalled, keeps the partial answer, and Retry asks again', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  // 20 s in the product; a test sets it shorter the way a user would, through the settings request.
  await callBackground(extPage, 'settings.update', { stallTimeoutMs: 1500 });
  llm.enqueue(
    { text: ['Half ', 'an ', 'answer'], fault: { kind: 'stall', afterChunks: 2 } },
    { text: ['The ', 'whole ', 'answer.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Will you finish?');
  const answer = assistantMessages(panel).last();
  await expect(answer.locator('.markdown')).toHaveText('Half an');
  const card = answer.getByRole('alert');
  await expect(card).toContainText('The provider stopped responding');
  await expect(card).toContainText('No data from the provider for 1.5 s.');
  await expect(answer.locator('.markdown')).toHaveText('Half an');
  expect((await storedAnswers(extPage)).map((m) => [m.text.trim(), m.status, m.error?.code])).toEqual([
    ['Half an', 'error', 'stalled'],
  ]);

  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('The whole answer.');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.locator('.message.user')).toHaveText(['Will you finish?']);
});

test('a connection dropped mid-answer says the answer was cut off and keeps what arrived', async ({
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
    apiKey: 'k-1',
  });
  llm.enqueue(
    { text: ['First ', 'part, ', 'never seen'], chunkDelayMs: 300, fault: { kind: 'drop', afterChunks: 2 } },
    { text: ['Complete ', 'this time.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Tell me');
  const answer = assistantMessages(panel).last();
  const card = answer.getByRole('alert');
  await expect(card).toContainText('The answer was cut off');
  await expect(answer.locator('.markdown')).toHaveText('First part,');
  await expect(answer).not.toContainText('never seen');
  expect((await storedAnswers(extPage)).map((m) => [m.text.trim(), m.status, m.error?.code])).toEqual([
    ['First part,', 'error', 'stream_error'],
  ]);
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Complete this time.');
});

test('a server that is not running is named, with how to fix it, instead of "Something went wrong"', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const port = await closedPort();
  const { id } = await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model: 'llama',
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Anyone there?');
  const card = panel.getByRole('alert');
  await expect(card).toContainText("Can't reach the provider's server", { timeout: 30_000 });
  await expect(card).toContainText(
    `Can't reach 127.0.0.1:${port}. Is the local server running on that port? Start it, or fix the base URL in Settings.`,
  );
  await expect(card).not.toContainText('Something went wrong');

  // The server comes up (the user started it): Retry answers.
  await callBackground(extPage, 'providers.save', {
    id,
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: llm.openaiBaseUrl,
    model: 'llama',
  });
  llm.enqueue({ text: ['Here ', 'now.'] });
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Here now.');
});
