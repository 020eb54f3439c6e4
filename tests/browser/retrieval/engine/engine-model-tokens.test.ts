/**
 * The offscreen engine with the real embedding worker (entrypoints/offscreen/embed-worker.ts, transformers.js
 * on onnxruntime-web WASM) and minilm-l6-shape served over 127.0.0.1: chunks are sized by the model's own
 * WordPiece tokenizer, so every input the model is given fits 256 tokens with [CLS] and [SEP].
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { chunkText } from '../../../../lib/retrieval/engine/chunk-text';
import { createWorkerEmbedder, type WorkerLike } from '../../../../lib/retrieval/engine/create-worker-embedder';
import type { EmbeddingModelSettings } from '../../../../lib/retrieval/index-settings';
import { openIndexDb } from '../../../../lib/retrieval/engine/index-persistence';
import { createOffscreenEngine } from '../../../../lib/retrieval/engine/offscreen-engine';

const available = inject('models').includes('minilm-l6-shape');
if (!available)
  console.warn(
    `engine model-token tests skipped: ${inject('modelsDir')}/minilm-l6-shape not found (set TABWISE_MODELS_DIR)`,
  );

const model: EmbeddingModelSettings = {
  id: 'minilm-l6-shape',
  dtype: 'q8',
  localModelUrl: inject('modelsUrl'),
  allowRemote: false,
};
const spawnReal = () =>
  new Worker(new URL('../../../../entrypoints/offscreen/embed-worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as WorkerLike;

/** The real worker, with a record of what the engine asks of it. */
function recordingWorker(sent: Array<{ type: string; texts?: string[] }>): WorkerLike {
  const w = spawnReal();
  return {
    postMessage(m) {
      sent.push(m as { type: string; texts?: string[] });
      w.postMessage(m);
    },
    addEventListener: (type, l) => w.addEventListener(type, l),
    terminate: () => w.terminate(),
  };
}

// Russian under an English WordPiece vocabulary: about 150 tokens by the ~4-characters estimate, over 400 for the model.
const russian = [
  'Русский перевод документации появился позже остальных, но быстро стал вторым по популярности.',
  'Кириллица в словаре английской модели представлена плохо: большинство слов распадается на отдельные буквы или пары букв, поэтому абзац из шестисот символов легко превращается в четыреста с лишним токенов.',
  'Оценка в четыре символа на токен предсказывает для того же абзаца около ста пятидесяти токенов.',
  'Разница почти втрое, и она всегда в одну сторону: фрагменты получаются длиннее, чем думает программа, которая их нарезает.',
].join(' ');

const names: string[] = [];
afterEach(async () => {
  for (const n of names.splice(0)) indexedDB.deleteDatabase(n);
});

describe.skipIf(!available)('offscreen engine with the real embedding worker and minilm-l6-shape', () => {
  it("splits a page the estimate fits in one chunk, by the model's token counts; every model input is at most 256 tokens", async () => {
    expect(chunkText(`# Русская версия\n\n${russian}`)).toHaveLength(1);
    const name = `engine-tokens-${Math.random().toString(36).slice(2)}`;
    names.push(name);
    const sent: Array<{ type: string; texts?: string[] }> = [];
    const engine = createOffscreenEngine({
      spawnWorker: () => recordingWorker(sent),
      openDb: () => openIndexDb(name),
      saveDelayMs: 10,
    });
    const { indexed } = await engine.ingest({
      model,
      pages: [
        {
          url: 'https://ru.test/docs',
          title: 'Документация',
          lang: 'ru',
          text: `# Русская версия\n\n${russian}`,
          visitedAt: Date.now(),
        },
      ],
    });
    expect(indexed[0]!.chunks).toBeGreaterThanOrEqual(2);
    expect(await engine.stats({ model })).toMatchObject({ tokenCounting: 'model-tokenizer', model: 'ready' });
    const counts = sent.filter((m) => m.type === 'count');
    expect(counts.length).toBeLessThanOrEqual(3);
    const inputs = sent.filter((m) => m.type === 'embed').flatMap((m) => m.texts!);
    expect(inputs).toHaveLength(indexed[0]!.chunks);
    // Judged by a second worker's tokenizer: the model input of each chunk, [CLS] and [SEP] included.
    const judge = await createWorkerEmbedder(spawnReal, {
      model: model.id,
      dtype: model.dtype,
      modelBaseUrl: model.localModelUrl!,
      allowRemote: false,
    });
    try {
      const tokens = await judge.tokenizer!.count(inputs);
      for (const n of tokens) expect(n + judge.tokenizer!.specialTokens).toBeLessThanOrEqual(256);
      expect(tokens.reduce((a, b) => a + b, 0)).toBeGreaterThan(256);
    } finally {
      judge.dispose();
    }
  }, 120_000);
});
