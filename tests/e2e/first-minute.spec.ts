/** The first minute with Tabwise: what a first "Hello" costs, the server address, the starting points. */
import { measureHelloPrompt } from '../harness/hello-prompt';
import { serveStatic } from '../harness/serve-static';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  composerText,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';
import { lookAt } from './look';

test('a first Hello with the default tools costs at most 3,500 input tokens and offers only tools that can apply', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const hello = await measureHelloPrompt(context, extensionId, llm);
  expect(hello.tokens).toBeLessThanOrEqual(3500);
  // On a web page the page tools are there, and so is everything that reaches beyond it.
  expect(hello.tools).toEqual(
    expect.arrayContaining(['read_page', 'get_page_state', 'fill_form', 'click', 'navigate', 'open_tab', 'fetch_url']),
  );
  // Remembering is off, no search service is set up, one web tab is open, nothing saved to memory yet, no folder chosen.
  for (const absent of [
    'search_history',
    'web_search',
    'list_tabs',
    'switch_tab',
    'close_tab',
    'memory_search',
    'list_files',
    'read_file',
    'search_files',
    'stat_file',
  ])
    expect(hello.tools).not.toContain(absent);
  expect(hello.tools).toContain('load_skill'); // two skills ship with Tabwise
});

test('a server address without /v1 is found at its /v1; one that answers nowhere says what was tried and what to type; a custom server shows no price', async ({
  context,
  extensionId,
  llm,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await page.getByRole('radio', { name: /Other OpenAI-compatible/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Server address').fill(`${llm.url}/api`);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `No model list at ${llm.url}/api/models, ${llm.url}/api/v1/models (the server said: Invalid URL (GET /api/models)). ` +
      `Type the server's API address, which usually ends in /v1, such as ${llm.url}/api/v1.`,
  );
  await expect(page.getByLabel('Server address')).toHaveValue(`${llm.url}/api`);
  await lookAt(page, 'server-address-not-found');

  await page.getByLabel('Server address').fill(llm.url);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('heading', { name: 'Pick a model' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    `Found the server at ${llm.url}/v1; the address now says so. Connected to`,
  );
  await lookAt(page, 'server-address-found');
  await page.getByLabel('Model').selectOption('gpt-4o-mini');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Tabwise is ready' })).toBeVisible();
  const [saved] = await callBackground<Array<{ baseUrl: string; model: string }>>(page, 'providers.list', {});
  expect(saved).toMatchObject({ baseUrl: `${llm.url}/v1`, model: 'gpt-4o-mini' });

  // gpt-4o-mini has a list price at OpenAI; through this server its cost is unknown, so none is shown.
  llm.enqueue({ text: ['Hello!'], usage: { inputTokens: 1200, outputTokens: 30 } });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Hi');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(panel.locator('.usage-line').first()).toContainText('1,200 in · 30 out');
  for (const line of await panel.locator('.usage-line').all()) await expect(line).not.toContainText('$');
  await expect(panel.locator('.usage-line')).toHaveCount(2); // the answer's and the conversation's
});

test('the empty panel offers starting points that fit the page in front, and sends nothing until one is clicked', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const site = await serveStatic({
    '/signup.html': `<!doctype html><title>Sign up</title><main><h1>Join the club</h1>
      <p id="p">Members meet on Tuesdays.</p><form><label>Name <input name="n"></label></form></main>`,
    '/article.html': '<!doctype html><title>Octopus</title><main><p>Three hearts.</p></main>',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${site.url}/article.html`);
    const panel = await openPanel(context, extensionId);
    await panel.setViewportSize({ width: 360, height: 640 });
    const points = panel.getByRole('list', { name: 'Starting points' });
    await expect(points.getByRole('button')).toHaveText(['Summarise this page']);

    await page.goto(`${site.url}/signup.html`);
    await page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById('p')!));
    await page.bringToFront();
    await panel.evaluate(() => dispatchEvent(new Event('focus')));
    await expect(points.getByRole('button')).toHaveText([
      'Summarise this page',
      'Fill this form',
      'Ask about the selection…',
    ]);
    await lookAt(panel, 'starting-points');
    expect(chatRequests(llm)).toHaveLength(0);

    // One that needs the user's words is written into the message box, and still nothing is sent.
    await points.getByRole('button', { name: 'Ask about the selection…' }).click();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => composerText(box)).toBe('About the selected text: ');
    await expect(box).toBeFocused();
    expect(chatRequests(llm)).toHaveLength(0);
    await box.fill('');

    await points.getByRole('button', { name: 'Summarise this page' }).click();
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
    const sent = JSON.stringify(chatRequests(llm)[0]!.body);
    expect(sent).toContain('Summarise this page.');
    expect(sent).toContain('Members meet on Tuesdays.'); // the selection chip went with it
    await expect(points).toHaveCount(0);
  } finally {
    await site.close();
  }
});
