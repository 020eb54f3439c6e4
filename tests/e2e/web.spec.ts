/**
 * The web through the built extension: Settings → Web search is set to a fake SearXNG instance on 127.0.0.1,
 * a run searches, fetches a result page after the user approves the site (the card says it is a server on
 * this computer), and answers with a citation. A corrupt PDF is a clear error; a huge page comes back capped; a
 * second fetch on the same site in the same run is not asked again. "Test connection" searches once with the
 * saved (or typed) key and says how many results came back, or that the key was refused.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { serveStatic } from '../harness/serve-static';
import { ARTICLE_FACT, HIDDEN_TEXT, startFakeWeb, type FakeWeb } from '../fake-web/fake-web';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
  toolCard,
} from './fixtures';

let web: FakeWeb;
test.beforeAll(async () => {
  web = await startFakeWeb();
});
test.afterAll(async () => web?.close());

/** What the model was sent as the result of its last tool call (in the OpenAI wire format). */
const lastToolResult = (body: unknown): string => {
  const messages = (body as { messages: { role: string; content: unknown }[] }).messages;
  return String(messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '');
};

/** Settings → Web search (open on `extPage`) set to Brave Search with its key, pointed at the fake API; the section, once saved. */
async function saveBraveInSettings(extPage: Page) {
  const section = extPage.getByRole('region', { name: 'Web search' });
  await section.getByRole('combobox', { name: 'Search with' }).selectOption('brave');
  await section.getByLabel('API key').fill(web.braveKey);
  // The fake Brave API lives on 127.0.0.1: the proxy address is what points the backend at it.
  await section.getByRole('textbox', { name: 'API address (optional)' }).fill(web.url);
  await section.getByRole('button', { name: 'Save web search' }).click();
  await expect(section.getByRole('status')).toHaveText('Web search uses Brave Search API.');
  return section;
}

test('search in Settings, then a run searches, fetches a result after approval and answers with a citation', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(90_000);
  await extPage.goto(`chrome-extension://${extensionId}/options.html#web`);
  const section = extPage.getByRole('region', { name: 'Web search' });
  await section.getByRole('combobox', { name: 'Search with' }).selectOption('searxng');
  await section.getByRole('textbox', { name: 'Instance address' }).fill(web.url);
  await section.getByRole('button', { name: 'Save web search' }).click();
  await expect(section.getByRole('status')).toHaveText('Web search uses SearXNG instance.');

  await addFakeProvider(extPage, llm);
  const articleUrl = `${web.url}/article`;
  llm.enqueue(
    toolCall('web_search', { query: 'Cape Fetch lighthouse history' }),
    toolCall('fetch_url', { url: articleUrl }),
    {
      text: [`It was first lit in 1887 ([Cape Fetch lighthouse](${articleUrl})).`],
    },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'When was the Cape Fetch lighthouse first lit?');

  // The fetch asks first, naming the site and saying it is on this computer.
  const fetchCard = toolCard(panel, 'fetch_url');
  await expect(fetchCard.locator('.approval-origin')).toContainText(web.url, { timeout: 30_000 });
  await expect(fetchCard.locator('.approval')).toContainText(`a server on your own computer (127.0.0.1:${web.port})`);
  await expect(fetchCard.locator('.approval')).toContainText('Sent without your cookies or logins.');
  await fetchCard.getByRole('button', { name: 'Approve' }).click();

  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  // The search card lists the numbered results, each with its source as a chip.
  const searchCard = toolCard(panel, 'web_search');
  await expect(searchCard.locator('.tool-label')).toHaveText('Searched the web');
  await expect(searchCard.locator('.card-passages li')).toHaveCount(2);
  await expect(searchCard.getByRole('button', { name: /Cape Fetch lighthouse/ }).locator('.chip-host')).toHaveText(
    `127.0.0.1:${web.port}`,
  );
  // The fetched page: read with read_page's reader (its title, the article's words, no hidden text).
  await expect(fetchCard.locator('.tool-label')).toHaveText('Read a page from the web');
  await expect(fetchCard.locator('.card-title')).toHaveText('Cape Fetch lighthouse');
  const sent = lastToolResult(chatRequests(llm).at(-1)!.body);
  expect(sent).toContain(ARTICLE_FACT);
  expect(sent).not.toContain(HIDDEN_TEXT);
  expect(sent).toMatch(/^<untrusted_page_content boundary="[0-9a-z]+"/);
  // The answer cites the page as a link.
  await expect(answer.getByRole('link', { name: 'Cape Fetch lighthouse' })).toBeVisible();
  // The search went to the configured instance in its JSON format.
  expect(web.requests.some((r) => r.path.startsWith('/search?q=Cape+Fetch+lighthouse+history&format=json'))).toBe(true);
});

test('a corrupt PDF or binary data is a clear tool error, a huge page comes back capped, and a second fetch on the same site is not asked again', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(90_000);
  await addFakeProvider(extPage, llm);
  llm.enqueue(
    toolCall('fetch_url', { url: `${web.url}/corrupt.pdf` }),
    toolCall('fetch_url', { url: `${web.url}/image-as-text` }),
    toolCall('fetch_url', { url: `${web.url}/huge`, maxChars: 2000 }),
    { text: ['Done.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Read the report and the big page.');
  const first = toolCard(panel, 'fetch_url').first();
  await first.getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });

  await expect(first).toHaveAttribute('data-status', 'error');
  await expect(first.locator('.tool-error')).toContainText('Could not read corrupt.pdf: it is not a readable PDF');
  const binary = toolCard(panel, 'fetch_url').nth(1);
  await expect(binary).toHaveAttribute('data-status', 'error');
  await expect(binary.locator('.tool-error')).toContainText(
    `Not read: ${web.url}/image-as-text is binary data, not a web page.`,
  );
  const second = toolCard(panel, 'fetch_url').nth(2);
  await expect(second).toHaveAttribute('data-status', 'done');
  // Approved once for this site in this run: the second call was not asked.
  await expect(second.locator('.approval')).toHaveCount(0);
  const sent = lastToolResult(chatRequests(llm).at(-1)!.body);
  const result = JSON.parse(
    sent.replace(/^<untrusted_page_content[^>]*>\n/, '').replace(/\n<\/untrusted_page_content[^>]*>$/, ''),
  ) as { markdown: string; nextOffset: number; notes: string[]; totalChars: number };
  expect(result.markdown.length).toBeLessThanOrEqual(2000);
  expect(result.nextOffset).toBeGreaterThan(0);
  expect(result.totalChars).toBeGreaterThan(100_000);
  expect(result.totalChars).toBeLessThanOrEqual(200_000);
  expect(result.notes.join(' ')).toContain('larger than 3 MB: only its first 3 MB were read');
  expect(result.notes.join(' ')).toContain('The page is longer than 200000 characters of text');
  await expect(second.locator('.card-size')).toContainText('(part of the page)');
});

test('with "Remember what I read" on, a fetched page is added to the history index (and says so)', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
  test.skip(
    !existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx')),
    `local test model not found in ${modelsDir}`,
  );
  const models = await serveStatic({}, { '/models/': modelsDir });
  try {
    await callBackground(extPage, 'index.settings.update', {
      enabled: true,
      model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${models.url}/models/`, allowRemote: false },
    });
    await addFakeProvider(extPage, llm);
    llm.enqueue(toolCall('fetch_url', { url: `${web.url}/article` }), { text: ['Read and remembered.'] });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Read the lighthouse article.');
    await toolCard(panel, 'fetch_url').first().getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    expect(lastToolResult(chatRequests(llm).at(-1)!.body)).toContain(
      '"history":"Added to \\"Remember what I read\\"."',
    );
    await expect
      .poll(
        async () =>
          (await callBackground<{ pages: { url: string }[] }>(extPage, 'index.pages', {})).pages.map((p) => p.url),
        { timeout: 60_000 },
      )
      .toContain(`${web.url}/article`);
  } finally {
    await models.close();
  }
});

test('Brave Search set up in Settings: the key is kept write-only, sent only to the API, and results come back numbered', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(90_000);
  await extPage.goto(`chrome-extension://${extensionId}/options.html#web`);
  await saveBraveInSettings(extPage);
  await extPage.reload();
  const reloaded = extPage.getByRole('region', { name: 'Web search' });
  await expect(reloaded.getByRole('combobox', { name: 'Search with' })).toHaveValue('brave');
  await expect(reloaded.getByText('A key is saved (encrypted on this device).')).toBeVisible();
  await expect(reloaded.getByLabel('API key')).toHaveValue('');
  expect(await extPage.content()).not.toContain(web.braveKey);

  await addFakeProvider(extPage, llm);
  llm.enqueue(toolCall('web_search', { query: 'lighthouse', count: 3 }), { text: ['Found it.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Search for the lighthouse.');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  const result = JSON.parse(
    lastToolResult(chatRequests(llm).at(-1)!.body)
      .replace(/^<untrusted_page_content[^>]*>\n/, '')
      .replace(/\n<\/untrusted_page_content[^>]*>$/, ''),
  ) as { backend: string; results: { n: number; title: string; url: string }[] };
  expect(result.backend).toBe('Brave Search');
  expect(result.results.map((r) => [r.n, r.title])).toEqual([
    [1, 'Cape Fetch lighthouse'],
    [2, "Keepers' log"],
  ]);
  const asked = web.requests.find((r) => r.path.startsWith('/res/v1/web/search'));
  expect(asked?.path).toBe('/res/v1/web/search?q=lighthouse&count=3');
  expect(asked?.headers['x-subscription-token']).toBe(web.braveKey);
  expect(await panel.content()).not.toContain(web.braveKey);
});

test('Test connection searches once with the saved key: it says it works with the count, says so when a key is refused, and the key never reaches the page', async ({
  extensionId,
  extPage,
}) => {
  test.setTimeout(60_000);
  await extPage.goto(`chrome-extension://${extensionId}/options.html#web`);
  const fresh = extPage.getByRole('region', { name: 'Web search' });
  await expect(fresh.getByRole('combobox', { name: 'Search with' })).toHaveValue('none');
  await expect(fresh.getByRole('button', { name: 'Test connection' })).toBeDisabled();
  const section = await saveBraveInSettings(extPage);
  const testButton = section.getByRole('button', { name: 'Test connection' });
  const result = section.getByRole('status', { name: 'Test connection' });

  // A fresh page knows only that a key is saved; the test searches with it in the worker.
  await extPage.reload();
  await expect(section.getByText('A key is saved (encrypted on this device).')).toBeVisible();
  const seen = web.requests.length;
  await testButton.click();
  await expect(result).toHaveText(/^Works: 2 results in [\d.,]+ m?s\.$/, { timeout: 30_000 });
  await expect(result).toHaveClass(/test-ok/);
  const asked = web.requests.slice(seen);
  expect(asked.map((r) => r.path)).toEqual(['/res/v1/web/search?q=wikipedia&count=5']);
  expect(asked[0]!.headers['x-subscription-token']).toBe(web.braveKey);
  expect(await extPage.content()).not.toContain(web.braveKey);

  // A wrong key typed in the form is tested, refused, and not saved: without it, the saved key works again.
  await section.getByLabel('API key').fill('BSA-wrong-key');
  await testButton.click();
  await expect(result).toHaveText('Brave Search refused the key (HTTP 401): check the API key.', { timeout: 30_000 });
  await expect(result).toHaveClass(/test-error/);
  await section.getByLabel('API key').fill('');
  await testButton.click();
  await expect(result).toHaveText(/^Works: 2 results/, { timeout: 30_000 });
  expect(await extPage.content()).not.toContain(web.braveKey);
});

test('with no search backend, web_search tells the model where the user sets one up', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(60_000);
  await addFakeProvider(extPage, llm);
  llm.enqueue(toolCall('web_search', { query: 'anything' }), { text: ['Set it up first.'] });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Search the web.');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(toolCard(panel, 'web_search').locator('.tool-error')).toContainText(
    'Web search is not set up. Tell the user they can choose a search backend in Tabwise Settings → Web search',
  );
});
