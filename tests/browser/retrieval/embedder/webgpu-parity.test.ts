/**
 * WebGPU and WebAssembly give the same vectors: the real embedding worker (entrypoints/offscreen/embed-worker.ts,
 * transformers.js on onnxruntime-web) loads glove-sif-100d once forced onto WebAssembly and once onto WebGPU, and
 * embeds the same sentences on both. Runs where Chromium offers a WebGPU adapter (the browser project starts it
 * with --enable-unsafe-webgpu, which gives SwiftShader's software adapter even with --disable-gpu); skipped, with
 * the reason, where none exists. The product's own choice ('auto') is checked against what the browser offers.
 */
import { describe, expect, inject, it } from 'vitest';
import { createWorkerEmbedder, type WorkerLike } from '../../../../lib/retrieval/engine/create-worker-embedder';
import { cosine, webGpuAvailability, type GpuLike } from '../../../../lib/retrieval/embedder/choose-embed-backend';
import type { EmbedDevicePreference } from '../../../../lib/retrieval/embedder-contract';

const MODEL = 'glove-sif-100d';
const haveModel = inject('models').includes(MODEL);
const gpu = (navigator as { gpu?: GpuLike & { requestAdapter(): Promise<unknown> } }).gpu;
const adapter = gpu ? await gpu.requestAdapter().catch(() => null) : null;
const availability = await webGpuAvailability(gpu);
const adapterInfo = (adapter as { info?: { vendor?: string; architecture?: string } } | null)?.info;

const noAdapter = gpu
  ? 'navigator.gpu.requestAdapter() answered null (start Chromium with --enable-unsafe-webgpu, or on a machine with a GPU)'
  : 'this browser has no navigator.gpu';
if (!haveModel)
  console.warn(`WebGPU parity tests skipped: ${inject('modelsDir')}/${MODEL} not found (set TABWISE_MODELS_DIR)`);
else if (!adapter) console.warn(`WebGPU parity test skipped: ${noAdapter}`);
else console.info(`WebGPU parity test on adapter ${adapterInfo?.vendor ?? '?'} / ${adapterInfo?.architecture ?? '?'}`);

const spawnReal = () =>
  new Worker(new URL('../../../../entrypoints/offscreen/embed-worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as WorkerLike;

const load = (device: EmbedDevicePreference) =>
  createWorkerEmbedder(spawnReal, {
    model: MODEL,
    dtype: 'fp32',
    modelBaseUrl: inject('modelsUrl'),
    allowRemote: false,
    device,
  });

const sentences = [
  'The cat sat on the mat.',
  'A kitten was sleeping on the rug by the fire.',
  'Stock markets crashed after the central bank raised interest rates.',
  'How do I reset the password of my account?',
  'Photosynthesis turns sunlight, water and carbon dioxide into sugar.',
  'the',
  '',
  'Die Katze schläft auf dem Sofa, und der Hund bellt im Garten.',
  '東京は日本の首都です。',
  Array.from({ length: 120 }, (_, i) => ['search', 'history', 'page', 'passage', 'index', 'model'][i % 6]).join(' '),
];

describe.skipIf(!haveModel)(`${MODEL} on WebGPU and on WebAssembly`, () => {
  it.skipIf(!adapter)(
    `gives the same vectors on both, sentence by sentence (${adapter ? 'adapter found' : `skipped: ${noAdapter}`})`,
    async () => {
      const wasm = await load('wasm');
      const wasmVectors = await wasm.embed(sentences).finally(() => wasm.dispose());
      const webgpu = await load('webgpu');
      const gpuVectors = await webgpu.embed(sentences).finally(() => webgpu.dispose());
      expect(wasm).toMatchObject({ backend: 'wasm', wasmReason: 'asked', dims: 100 });
      expect(webgpu).toMatchObject({ backend: 'webgpu', dims: 100 });
      expect(gpuVectors).toHaveLength(sentences.length);
      sentences.forEach((s, i) => {
        const a = wasmVectors[i]!;
        const b = gpuVectors[i]!;
        expect(b.length, s).toBe(a.length);
        // Where WebAssembly gives NaN (glove pools an empty text over no tokens), WebGPU must give NaN too.
        const maxAbs = Math.max(
          ...Array.from(a, (x, k) => (Number.isNaN(x) && Number.isNaN(b[k]!) ? 0 : Math.abs(x - b[k]!))),
        );
        expect(maxAbs, `max abs difference for ${JSON.stringify(s)}`).toBeLessThan(1e-4);
        if (a.some((x) => x !== 0 && !Number.isNaN(x)))
          expect(cosine(a, b), `cosine for ${JSON.stringify(s)}`).toBeGreaterThanOrEqual(0.999);
      });
    },
    90_000,
  );

  it(`'auto' chooses by what this browser offers (${availability})`, async () => {
    const auto = await load('auto');
    try {
      if (availability === 'adapter') {
        // A real GPU: WebGPU unless the model failed or differed there (then the reason says which).
        if (auto.backend === 'wasm') expect(auto.wasmReason).toMatch(/^webgpu-(failed|differs)$/);
      } else expect(auto).toMatchObject({ backend: 'wasm', wasmReason: availability });
      const [v] = await auto.embed(['The cat sat on the mat.']);
      expect(Math.hypot(...v!)).toBeCloseTo(1, 4);
    } finally {
      auto.dispose();
    }
  });
});
