/**
 * Settings → Remember what I read follows what happens elsewhere: with the section open and remembering on,
 * a page read in another tab shows up in the stats, in words, without pressing Refresh or reloading.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { callBackground, expect, openSettingsSection, test } from './fixtures';

const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
const haveModel = existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));
test.skip(!haveModel, `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);

const article = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tide pools</title></head><body><main><article><h1>Tide pools</h1>
${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1}: anemones and hermit crabs share the rock pools that the tide leaves behind twice a day.</p>`).join('\n')}
</article></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/tides.html': article }, { '/models/': modelsDir });
});
test.afterAll(async () => server?.close());

test('the stats update by themselves while a page read in another tab is indexed', async ({
  context,
  extensionId,
  extPage,
}) => {
  test.setTimeout(90_000);
  await callBackground(extPage, 'index.settings.update', {
    enabled: true,
    dwellMs: 300,
    model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${server.url}/models/`, allowRemote: false },
  });
  await openSettingsSection(extPage, extensionId, 'remember');
  const stats = extPage.getByRole('region', { name: 'Remember what I read' }).getByLabel('Index stats');
  await expect(stats).toContainText('0 pages remembered');
  await expect(stats).toContainText('nothing indexed yet');

  const tab = await context.newPage();
  await tab.goto(`${server.url}/tides.html`);
  await tab.bringToFront();
  await tab.waitForTimeout(900);

  // No Refresh, no reload: the open section catches up, in words.
  await expect(stats).toContainText('1 page remembered', { timeout: 45_000 });
  await expect(stats).toContainText(/last indexed (just now|\d+ seconds? ago)/);
  await expect(stats).toContainText('No pages waiting');
  // Where the model runs, in words: the engine's choice as its stats report it (this launch offers no WebGPU
  // adapter, so WebAssembly, with why; a machine whose Chromium gives a GPU adapter may say WebGPU).
  const engine = await callBackground<{ embedBackend?: string; embedBackendReason?: string }>(
    extPage,
    'index.stats',
    {},
  );
  expect(engine.embedBackend).toMatch(/^(wasm|webgpu)$/);
  await expect(stats).toContainText(
    engine.embedBackend === 'webgpu'
      ? 'Embedding runs on the graphics card (WebGPU).'
      : /Embedding runs on the processor \(WebAssembly\): .+\./,
  );
  if (engine.embedBackendReason === 'no-adapter')
    await expect(stats).toContainText('Embedding runs on the processor (WebAssembly): no WebGPU graphics adapter.');
});
