import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelLoadProgress } from '../../../../lib/retrieval/create-model-load-tracker';
import { createEmbedder } from '../../../../lib/retrieval/embedder/create-embedder';

const modelsDir = process.env.TABWISE_MODELS_DIR ?? resolve('../shared/models');
const available = existsSync(resolve(modelsDir, 'glove-sif-100d'));
if (!available) console.warn(`embedder tests skipped: ${modelsDir}/glove-sif-100d not found (set TABWISE_MODELS_DIR)`);

describe.skipIf(!available)(`createEmbedder with glove-sif-100d from ${modelsDir}`, () => {
  it('loads locally, mean-pools, normalises, and separates meanings', async () => {
    const e = await createEmbedder({
      model: 'glove-sif-100d',
      dtype: 'fp32',
      localModelPath: modelsDir + '/',
      allowRemote: false,
    });
    expect(e).toMatchObject({ modelId: 'glove-sif-100d@fp32', dims: 100 });
    const [cat, kitten, stocks] = await e.embed(['cat on mat', 'kitten on rug', 'stock market crash']);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(Math.hypot(...cat!)).toBeCloseTo(1, 4);
    expect(dot(cat!, kitten!)).toBeGreaterThan(0.5);
    expect(dot(cat!, stocks!)).toBeLessThan(0.3);
    expect(await e.embed([])).toEqual([]);
  });
  it('fails with a RetrievalError for a missing model', async () => {
    await expect(
      createEmbedder({ model: 'no-such-model', dtype: 'fp32', localModelPath: modelsDir + '/' }),
    ).rejects.toMatchObject({ code: 'model_load_failed' });
  });
});

/** The hub's layout (`/<repo>/resolve/main/<file>`) served from a local folder, with a record of what was asked. */
function hubFetch(repo: string, dir: string, requested: string[]) {
  return async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const range = new Headers(init?.headers).get('range');
    requested.push(`${url.href}${range ? ` (${range})` : ''}`);
    const prefix = `/${repo}/resolve/main/`;
    const file =
      url.origin === 'https://huggingface.co' && url.pathname.startsWith(prefix)
        ? resolve(dir, url.pathname.slice(prefix.length))
        : '';
    if (!file || !existsSync(file)) return new Response('Entry not found', { status: 404 });
    const body = readFileSync(file);
    if (range === 'bytes=0-0')
      return new Response(body.subarray(0, 1), {
        status: 206,
        headers: { 'content-range': `bytes 0-0/${body.length}` },
      });
    return new Response(body, { status: 200, headers: { 'content-length': String(body.length) } });
  };
}

describe.skipIf(!available)('createEmbedder from the Hugging Face hub (its URLs answered locally)', () => {
  // In Node transformers.js keeps downloads in a cache folder (inside node_modules by default): a temporary one here.
  let cacheDir: string;
  beforeAll(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'tabwise-hub-cache-'));
    env.cacheDir = cacheDir;
  });
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('fetches the model files by their hub URLs and reports the download', async () => {
    const requested: string[] = [];
    const progress: ModelLoadProgress[] = [];
    const e = await createEmbedder({
      model: 'Xenova/glove-test',
      dtype: 'fp32',
      allowRemote: true,
      fetch: hubFetch('Xenova/glove-test', resolve(modelsDir, 'glove-sif-100d'), requested),
      onProgress: (p) => progress.push(p),
    });
    expect(e).toMatchObject({ modelId: 'Xenova/glove-test@fp32', dims: 100 });
    const full = requested
      .filter((r) => !r.includes('(bytes='))
      .map((r) => r.replace('https://huggingface.co/Xenova/glove-test/resolve/main/', ''));
    expect(full.sort()).toEqual(['config.json', 'onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json']);
    expect(progress[0]).toMatchObject({ phase: 'downloading', host: 'huggingface.co' });
    const last = progress.at(-1)!;
    expect(last.total).toBeGreaterThan(20_000_000);
    expect(last.loaded).toBe(last.total);

    // Loaded again: from transformers.js's cache, without a request.
    requested.length = 0;
    const again = await createEmbedder({
      model: 'Xenova/glove-test',
      dtype: 'fp32',
      allowRemote: true,
      fetch: hubFetch('Xenova/glove-test', resolve(modelsDir, 'glove-sif-100d'), requested),
    });
    expect(again.dims).toBe(100);
    expect(requested).toEqual([]);
  });

  it('a network failure is a model_download_failed error naming the model and the host', async () => {
    const fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(
      createEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', allowRemote: true, fetch, onProgress: () => {} }),
    ).rejects.toMatchObject({
      code: 'model_download_failed',
      message:
        'Could not download the embedding model Xenova/all-MiniLM-L6-v2 (q8) from huggingface.co: network error (fetch failed)',
    });
  });

  it('an HTTP error status is one too; a model the hub does not have is not (it is not a download problem)', async () => {
    const unavailable = () => Promise.resolve(new Response('busy', { status: 503 }));
    await expect(
      createEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', allowRemote: true, fetch: unavailable }),
    ).rejects.toMatchObject({
      code: 'model_download_failed',
      message: expect.stringContaining('from huggingface.co: HTTP 503'),
    });
    const missing = () => Promise.resolve(new Response('Entry not found', { status: 404 }));
    await expect(
      createEmbedder({ model: 'Xenova/no-such-model', dtype: 'q8', allowRemote: true, fetch: missing }),
    ).rejects.toMatchObject({ code: 'model_load_failed' });
  });
});
