/** Issue 12 "Providers" through the built extension: local servers without flags, models without tools, Chrome's built-in model. */
import {
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  isTitleRequest,
  openAddProviderForm,
  openPanel,
  sendChat,
  test,
} from './fixtures';

test('a local server that refuses extension origins (like Ollama without OLLAMA_ORIGINS) works without flags', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  llm.setRefuseExtensionOrigins(true);
  llm.models = ['llama3.2:latest'];
  llm.modelExtras = { 'llama3.2:latest': { context_window: 8192 } };

  // Control: the mode does refuse a request carrying an extension's Origin, from Node and from the browser
  // (a POST, as chat is, to a URL outside every provider's base URL: no rule covers it).
  const direct = await fetch(`${llm.openaiBaseUrl}/models`, {
    headers: { origin: `chrome-extension://${extensionId}` },
  });
  expect(direct.status).toBe(403);
  const post = async (url: string) =>
    (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status;
  expect(await extPage.evaluate(post, `${llm.url}/not-a-provider/chat/completions`)).toBe(403);
  const refused = llm.requests.find((r) => r.path === '/not-a-provider/chat/completions')!;
  expect(refused.headers.origin).toBe(`chrome-extension://${extensionId}`);

  // The user picks the Ollama preset, points it at the server, tests and saves: nothing else to configure.
  const form = await openAddProviderForm(extPage, extensionId);
  await form.getByLabel('Provider type').selectOption('ollama');
  await expect(form.getByText(/no OLLAMA_ORIGINS needed/)).toBeVisible();
  await form.getByLabel(/Base URL/).fill(llm.openaiBaseUrl);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByText('Connected: 1 model available.')).toBeVisible();
  await form.getByRole('button', { name: 'llama3.2:latest' }).click();
  // The window the server reported for that model fills the form, and is saved with the provider.
  await expect(form.getByLabel(/Context window/)).toHaveValue('8192');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(extPage.locator('li', { hasText: 'llama3.2:latest' }).first()).toBeVisible();
  expect(await callBackground(extPage, 'providers.list', {})).toEqual([
    expect.objectContaining({ model: 'llama3.2:latest', contextWindowTokens: 8192 }),
  ]);

  llm.enqueue({ text: ['Hello ', 'from ', 'the local model.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Say hello');
  const answer = assistantMessages(panel).last();
  await expect(answer.locator('.markdown')).toHaveText('Hello from the local model.');
  await expect(answer).toHaveAttribute('data-status', 'complete');
  const sent = chatRequests(llm, '/v1/chat/completions');
  expect(sent.length).toBeGreaterThan(0);
  for (const r of sent) expect(r.headers.origin).toBeUndefined();
  // The rule is the extension's own: scoped to the base URL and to requests this extension starts.
  const rules = await extPage.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
  expect(rules).toEqual([
    expect.objectContaining({
      condition: expect.objectContaining({ urlFilter: `|${llm.openaiBaseUrl}/`, initiatorDomains: [extensionId] }),
    }),
  ]);
});

test('a model whose server rejects tools answers as plain chat with a notice, not a broken run', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  llm.rejectTools('registry.ollama.ai/library/gemma-custom:latest does not support tools');
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: llm.openaiBaseUrl,
    model: 'tinyllm-custom',
  });
  llm.enqueue({ text: ['A plain ', 'answer.'] }, { text: ['Second plain answer.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'What is on this page?');
  const answer = assistantMessages(panel).last();
  await expect(answer.locator('.markdown')).toHaveText('A plain answer.');
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.getByText("This model can't use tools; answering without reading the page.")).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  const sent = chatRequests(llm, '/v1/chat/completions');
  expect(sent).toHaveLength(2);
  expect(sent[0]!.body).toHaveProperty('tools');
  expect(sent[1]!.body).not.toHaveProperty('tools');

  // The next message of the conversation goes straight to plain chat: one request, no failed one first.
  await sendChat(panel, 'And now?');
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Second plain answer.');
  const after = chatRequests(llm, '/v1/chat/completions');
  expect(after).toHaveLength(3);
  expect(after[2]!.body).not.toHaveProperty('tools');
});

test("Chrome's built-in model: Settings says what headless Chromium reports (unavailable, or a download first)", async ({
  extensionId,
  extPage,
}) => {
  const form = await openAddProviderForm(extPage, extensionId);
  await form.getByLabel('Provider type').selectOption('chrome-builtin');
  const status = form.getByRole('status', { name: 'Chrome built-in model' });
  await expect(status).toHaveAttribute('data-availability', /^(missing|unavailable|downloadable)$/);
  // Keyless and endpoint-less: the form asks for neither.
  await expect(form.getByLabel(/API key/)).toHaveCount(0);
  await expect(form.getByLabel(/Base URL/)).toHaveCount(0);
  // Chromium 150 on Debian reports the model as downloadable (no GPU, no download here); earlier ones, unavailable.
  if ((await status.getAttribute('data-availability')) === 'downloadable') {
    await expect(status).toContainText(/^Available after a download: /);
    await expect(status.getByRole('button', { name: 'Download' })).toBeVisible();
    return;
  }
  await expect(status).toContainText(/^Not available: /);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByRole('alert')).toContainText('Connection failed: Not available');
});

test('Azure OpenAI: the form takes the resource endpoint, deployment and api-version, and chat goes to the deployment with api-key', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const form = await openAddProviderForm(extPage, extensionId);
  await form.getByLabel('Provider type').selectOption('azure-openai');
  await form.getByLabel(/Resource endpoint/).fill(llm.url);
  await expect(form.getByLabel('API version')).toHaveValue('2024-10-21');
  await form.getByLabel('API version').fill('2025-01-01-preview');
  await form.getByLabel(/API key/).fill('azure-key-9876');
  await form.getByLabel(/deployment/).fill('team-gpt4o');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(extPage.locator('li', { hasText: 'team-gpt4o' }).first()).toBeVisible();

  llm.enqueue({ text: ['Azure says hi.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'hi');
  await expect(assistantMessages(panel).last().locator('.markdown')).toHaveText('Azure says hi.');
  const req = llm.requests.find(
    (r) => r.method === 'POST' && r.path === '/openai/deployments/team-gpt4o/chat/completions' && !isTitleRequest(r),
  )!;
  expect(req.query).toBe('api-version=2025-01-01-preview');
  expect(req.headers['api-key']).toBe('azure-key-9876');
});
