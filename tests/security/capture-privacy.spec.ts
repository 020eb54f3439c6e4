/**
 * What the user types never reaches the history index, through the built extension: a page with a rich
 * editor, a typed textarea and input, and a role=textbox region is captured (remembering on, short dwell)
 * and indexed; the article is found, none of the typed canaries are, in either search mode.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { callBackground, expect, test } from '../e2e/fixtures';

const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
const haveModel = existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));
test.skip(!haveModel, `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);

/** One word each, unlike any English word, so a sparse search for it matches only where it was captured. */
const CANARIES = [
  'quillfrostedit',
  'marrowlintdraft',
  'pebbleskortype',
  'vellumquaxtyped',
  'tinderwhoopinput',
  'saffrogleamrole',
];
const ARTICLE = 'Beavers build lodges of branches and mud with underwater entrances that keep predators out.';
const filler = Array.from(
  { length: 8 },
  (_, i) => `<p>Paragraph ${i + 1} about beaver ponds and how their dams change the flow of streams.</p>`,
).join('');
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Beaver engineering</title></head><body>
<main><article><h1>Beaver engineering</h1><p>${ARTICLE}</p>${filler}
<h2>Your comment</h2>
<div class="editor" contenteditable="true"><p>My draft mentions ${CANARIES[0]} and</p><p>more ${CANARIES[1]}</p></div>
<textarea id="reply">${CANARIES[2]}</textarea>
<input id="name" value="">
<div role="textbox" aria-label="note">${CANARIES[5]}</div>
</article></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/beavers.html': PAGE }, { '/models/': modelsDir });
});
test.afterAll(async () => server?.close());

interface Stats {
  pages: number;
  queueDepth: number;
  lastError?: string;
}
interface Passage {
  url: string;
  text: string;
}

test('a page with an editor, typed form fields and a text box is indexed without anything the user typed', async ({
  context,
  extPage,
}) => {
  test.setTimeout(90_000);
  await callBackground(extPage, 'index.settings.update', {
    enabled: true,
    // Long enough to type before the page is captured.
    dwellMs: 1500,
    model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${server.url}/models/`, allowRemote: false },
  });
  const tab = await context.newPage();
  await tab.goto(`${server.url}/beavers.html`);
  await tab.bringToFront();
  await tab.fill('#reply', CANARIES[3]!);
  await tab.fill('#name', CANARIES[4]!);
  await tab.locator('.editor p').first().click();
  await tab.keyboard.type(' typed');
  await expect
    .poll(
      async () => {
        const stats = await callBackground<Stats>(extPage, 'index.stats', {});
        if (stats.lastError) throw new Error(`indexing failed: ${stats.lastError}`);
        return stats.queueDepth === 0 ? stats.pages : -1;
      },
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe(1);

  const found = await callBackground<Passage[]>(extPage, 'index.search', {
    query: 'beavers lodges underwater entrances',
    mode: 'sparse',
  });
  expect(found[0]?.text).toContain('underwater entrances');
  for (const mode of ['sparse', 'hybrid'] as const) {
    const all = await callBackground<Passage[]>(extPage, 'index.search', {
      query: 'beaver',
      mode,
      topK: 100,
      minScore: 0,
    });
    expect(all.length).toBeGreaterThan(0);
    for (const canary of CANARIES) {
      expect(all.filter((p) => p.text.includes(canary))).toEqual([]);
      const hits = await callBackground<Passage[]>(extPage, 'index.search', {
        query: canary,
        mode,
        topK: 100,
        minScore: 0,
      });
      expect(hits.filter((p) => p.text.includes(canary))).toEqual([]);
    }
  }
});
