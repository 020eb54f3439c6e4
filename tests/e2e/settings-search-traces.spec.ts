/**
 * Settings → Performance's history-search traces and Remember what I read's figures, from a real index:
 * one page remembered with the local test model (served from ../shared/models), then searches that find it
 * and one that finds nothing. The traces hold a hash of each query, never its text.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { callBackground, expect, test } from './fixtures';

const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
const haveModel = existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));
test.skip(!haveModel, `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);

const article =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Octopus cognition</title></head><body><main><article><h1>Octopus cognition</h1>' +
  '<p>Octopuses can unscrew the lids of jars from the inside to reach the crab kept within.</p>'.repeat(3) +
  '</article></main></body></html>';

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/octopus.html': article }, { '/models/': modelsDir });
});
test.afterAll(async () => server?.close());

const hash = (q: string) => createHash('sha256').update(q.trim().toLowerCase()).digest('hex').slice(0, 16);

test('history searches are traced: query hashes (never text), embedding and search time, the share that found nothing; the index figures in words', async ({
  context,
  extensionId,
  extPage,
}) => {
  await callBackground(extPage, 'index.settings.update', {
    enabled: true,
    dwellMs: 300,
    model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${server.url}/models/`, allowRemote: false },
  });
  const tab = await context.newPage();
  await tab.goto(`${server.url}/octopus.html`);
  await tab.bringToFront();
  await expect
    .poll(async () => (await callBackground<{ pages: number; queueDepth: number }>(extPage, 'index.stats', {})).pages, {
      timeout: 45_000,
    })
    .toBe(1);
  await tab.close();

  const found = 'how do octopuses open jars';
  const nothing = 'zephyrquokka';
  expect((await callBackground<unknown[]>(extPage, 'index.search', { query: found })).length).toBeGreaterThan(0);
  expect(await callBackground<unknown[]>(extPage, 'index.search', { query: nothing, mode: 'sparse' })).toEqual([]);

  // The options page was open before remembering was turned on (by request): load it again, at its section.
  await extPage.goto(`chrome-extension://${extensionId}/options.html#remember`);
  await extPage.reload();
  await expect(extPage.getByRole('region', { name: 'Remember what I read' }).getByLabel('Index stats')).toContainText(
    /1 page remembered.* · \d+ passages? · last indexed just now/,
  );

  await extPage.goto(`chrome-extension://${extensionId}/options.html#performance`);
  const perf = extPage.getByRole('region', { name: 'Performance' });
  await expect(perf.getByLabel('History search figures')).toContainText('2 searches · 50% found nothing (1)');
  await perf.getByText(/The last 2 searches/).click();
  const rows = perf.getByRole('table', { name: 'History searches' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // Newest first: the text-only search that found nothing, then the hybrid one with its embedding time.
  await expect(rows.nth(0).locator('code')).toHaveText(hash(nothing));
  await expect(rows.nth(0)).toContainText('words only');
  await expect(rows.nth(0).locator('td').nth(4)).toHaveText('nothing found');
  await expect(rows.nth(1).locator('code')).toHaveText(hash(found));
  await expect(rows.nth(1).locator('td').nth(2)).toHaveText(/^\d+(\.\d)? m?s$/);
  await expect(rows.nth(1).locator('td').nth(4)).toHaveText(/^[1-9]\d*$/);
  const summary = await callBackground<{ recent: { hits: number }[] }>(extPage, 'telemetry.searches', {});
  expect(summary.recent.map((t) => t.hits === 0)).toEqual([true, false]);
  const everything = JSON.stringify(summary) + (await extPage.content());
  expect(everything).not.toContain(found);
  expect(everything).not.toContain(nothing);
});
