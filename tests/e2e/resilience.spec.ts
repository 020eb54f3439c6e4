import {
  addFakeProvider,
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

test('history survives a panel reload and a killed service worker', async ({ context, extensionId, llm, extPage }) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue({ text: ['First ', 'answer.'] }, { text: ['Second ', 'answer.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'First question');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

  // Reloading the panel reopens the conversation it showed.
  await panel.reload();
  await expect(panel.locator('.message.user')).toHaveText(['First question']);
  await expect(assistantMessages(panel).locator('.markdown')).toHaveText(['First answer.']);
  // A new chat, then back through the history list.
  await panel.getByRole('button', { name: 'New' }).click();
  await expect(panel.locator('.message')).toHaveCount(0);
  await panel.getByRole('button', { name: 'History' }).click();
  // The conversation was named by the model after its first answer.
  await panel.getByRole('button', { name: /^Canned title/ }).click();
  await expect(panel.locator('.message.user')).toHaveText(['First question']);

  await killServiceWorker(context, panel);
  await sendChat(panel, 'Second question');
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Second answer.');
  await expect(panel.locator('.message.user')).toHaveText(['First question', 'Second question']);
  // The second request carried the whole conversation.
  const last = chatRequests(llm, '/v1/chat/completions').at(-1)!;
  expect(
    (last.body as { messages: { role: string; content: string }[] }).messages.map((m) => [m.role, m.content]),
  ).toEqual([
    ['system', expect.any(String)],
    ['user', 'First question'],
    ['assistant', 'First answer.'],
    ['user', 'Second question'],
  ]);

  // And what is stored agrees with what is shown.
  const convs = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
  expect(convs).toHaveLength(1);
  const stored = await callBackground<{ messages: { role: string; text: string; status: string }[] }>(
    extPage,
    'conversations.get',
    { id: convs[0]!.id },
  );
  expect(stored.messages.map((m) => [m.role, m.text, m.status])).toEqual([
    ['user', 'First question', 'complete'],
    ['assistant', 'First answer.', 'complete'],
    ['user', 'Second question', 'complete'],
    ['assistant', 'Second answer.', 'complete'],
  ]);
});

test('a 401 shows a clear error, saves no answer, and retry works once the key is fixed', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  llm.setValidKeys(['sk-good-9999']);
  const { id } = await addProvider(extPage, {
    kind: 'openai',
    name: 'OpenAI (fake)',
    baseUrl: llm.openaiBaseUrl,
    model: 'gpt-test',
    apiKey: 'sk-bad-0000',
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Hello?');
  const card = panel.getByRole('alert');
  await expect(card).toContainText('The provider rejected the API key');
  await expect(card.getByRole('button', { name: 'Open settings' })).toBeVisible();
  await expect(assistantMessages(panel).locator('.markdown')).toHaveCount(0);
  const convs = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
  const stored = await callBackground<{ messages: { role: string; text: string; status: string }[] }>(
    extPage,
    'conversations.get',
    { id: convs[0]!.id },
  );
  expect(stored.messages.filter((m) => m.role === 'assistant').map((m) => [m.text, m.status])).toEqual([['', 'error']]);

  await callBackground(extPage, 'providers.save', {
    id,
    kind: 'openai',
    name: 'OpenAI (fake)',
    baseUrl: llm.openaiBaseUrl,
    model: 'gpt-test',
    apiKey: 'sk-good-9999',
  });
  llm.enqueue({ text: ['Fixed ', 'now.'] });
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Fixed now.');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.locator('.message.user')).toHaveText(['Hello?']);
});

test('a 429 with retry-after is retried, and the panel says so while it waits', async ({
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
    apiKey: 'k-1234',
  });
  llm.enqueue({ fault: { kind: 'http', status: 429, retryAfterSeconds: 2 } }, { text: ['After ', 'the wait.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Busy?');
  await expect(
    panel.getByRole('status').filter({ hasText: 'Rate limited by the provider: retrying in 2 s (attempt 1)' }),
  ).toBeVisible();
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('After the wait.');
  await expect(panel.getByText(/retrying in/)).toHaveCount(0);
  const posts = chatRequests(llm, '/v1/messages');
  expect(posts).toHaveLength(2);
  expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(1900);
});

test('Stop ends the stream within 500 ms and keeps the partial answer, marked stopped', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  llm.enqueue({ text: (i) => (i < 400 ? `w${i} ` : undefined), chunkDelayMs: 50 });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Write a lot');
  const answer = assistantMessages(panel).last();
  await expect(answer).toContainText('w5 ');
  const clickedAt = Date.now();
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped', { timeout: 500 });
  expect(Date.now() - clickedAt).toBeLessThan(500);
  const shown = await answer.locator('.markdown').innerText();
  await panel.waitForTimeout(400);
  expect(await answer.locator('.markdown').innerText()).toBe(shown);
  expect(shown).toMatch(/^w0 w1 w2 w3 w4 w5/);
  await expect(answer.locator('.status')).toHaveText('Stopped');
  await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();

  const convs = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
  const stored = await callBackground<{ messages: { role: string; text: string; status: string }[] }>(
    extPage,
    'conversations.get',
    { id: convs[0]!.id },
  );
  const saved = stored.messages.at(-1)!;
  expect(saved.status).toBe('stopped');
  expect(saved.text.trim()).toBe(shown.trim());
});

test('the stored key appears nowhere a page or content script can read', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const key = 'sk-secret-DEADBEEF-CAFE-4321';
  await addProvider(extPage, {
    kind: 'openai',
    name: 'Secret',
    baseUrl: llm.openaiBaseUrl,
    model: 'gpt-test',
    apiKey: key,
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'hi');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

  const dump = await extPage.evaluate(async () => {
    const local = await chrome.storage.local.get(null);
    const sync = await chrome.storage.sync.get(null);
    // Raw IndexedDB records, as stored: the key must be ciphertext.
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('tabwise');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const providers = await new Promise<unknown[]>((res) => {
      const r = db.transaction('providers').objectStore('providers').getAll();
      r.onsuccess = () => res(r.result);
    });
    const bytes = providers.map((p) => {
      const k = (p as { apiKey?: { data: ArrayBuffer } }).apiKey;
      return k ? new TextDecoder().decode(k.data) : '';
    });
    return { local: JSON.stringify(local), sync: JSON.stringify(sync), providers: JSON.stringify(providers), bytes };
  });
  for (const part of [dump.local, dump.sync, dump.providers, ...dump.bytes]) expect(part).not.toContain(key);
  expect(dump.bytes[0]!.length).toBeGreaterThan(0);

  // What the UI (and any extension page) is told: the last 4 characters only.
  const views = await callBackground<{ keyLast4: string }[]>(extPage, 'providers.list', {});
  expect(JSON.stringify(views)).not.toContain(key);
  expect(views[0]!.keyLast4).toBe('4321');
  await extPage.reload();
  await expect(extPage.locator('li[data-provider="Secret"]')).toContainText('••••4321');
  expect(await extPage.content()).not.toContain(key);
  // A web page cannot reach the background's protocol at all.
  const page = await context.newPage();
  await page.goto(`${llm.url}/v1/models`);
  const fromPage = await page.evaluate(
    () => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage,
  );
  expect(fromPage).toBe('undefined');
});
