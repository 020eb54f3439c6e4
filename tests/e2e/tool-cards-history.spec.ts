/**
 * The search_history card end to end: a page is remembered (the local test embedding model, served from
 * ../shared/models), the fake LLM calls search_history, and the card shows the passage quoted and marked as
 * page content, with its source as a citation chip (title and host) that opens the page at the passage.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addFakeProvider, assistantMessages, callBackground, expect, openPanel, sendChat, test } from './fixtures';

const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
const haveModel = existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));
test.skip(!haveModel, `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);

const PASSAGE = 'Octopuses can unscrew the lids of jars from the inside to reach the crab kept within.';
const filler = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<p>Paragraph ${i + 1} covers background material a reader skims before the main point.</p>`,
  ).join('\n');
const pages = {
  '/articles/octopus.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Octopus cognition</title></head><body><main><article><h1>Octopus cognition</h1>${filler(6)}<h2>Problem solving</h2><p>${PASSAGE}</p></article></main></body></html>`,
};

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic(pages, { '/models/': modelsDir });
});
test.afterAll(async () => server?.close());

test('search_history: passages quoted as page content, each with a citation chip that opens its source', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(90_000);
  await callBackground(extPage, 'index.settings.update', {
    enabled: true,
    dwellMs: 300,
    model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${server.url}/models/`, allowRemote: false },
  });
  const tab = await context.newPage();
  await tab.goto(`${server.url}/articles/octopus.html`);
  await tab.bringToFront();
  await tab.waitForTimeout(900);
  await expect
    .poll(async () => (await callBackground<{ pages: number; queueDepth: number }>(extPage, 'index.stats', {})).pages, {
      timeout: 45_000,
    })
    .toBe(1);
  await tab.close();

  await addFakeProvider(extPage, llm);
  llm.enqueue(
    { toolCalls: [{ name: 'search_history', arguments: JSON.stringify({ query: 'octopus unscrew jar lids' }) }] },
    { text: ['You read it in Octopus cognition.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Where did I read about octopuses opening jars?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });

  const found = answer.locator('.tool-card[data-tool="search_history"]');
  await expect(found.locator('.tool-label')).toHaveText('Searched your history');
  const first = found.locator('.card-passages li').first();
  await expect(first.locator('.page-content-label')).toHaveText('From a page you read');
  await expect(first.locator('.page-content')).toContainText('unscrew the lids of jars');
  const chip = first.getByRole('button', { name: /Octopus cognition/ });
  await expect(chip.locator('.chip-title')).toHaveText('Octopus cognition');
  await expect(chip.locator('.chip-host')).toHaveText(`127.0.0.1:${server.port}`);
  const [opened] = await Promise.all([context.waitForEvent('page'), chip.click()]);
  await opened.waitForLoadState('load');
  expect(opened.url().split('#')[0]).toBe(`${server.url}/articles/octopus.html`);
  await expect(opened.getByText(PASSAGE)).toBeInViewport({ timeout: 5_000 });
});
