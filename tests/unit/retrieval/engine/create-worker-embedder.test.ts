import { describe, expect, it } from 'vitest';
import type { ModelLoadProgress } from '../../../../lib/retrieval/create-model-load-tracker';
import { createWorkerEmbedder, type WorkerLike } from '../../../../lib/retrieval/engine/create-worker-embedder';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A worker whose answer to 'load' is scripted: progress reports `stepMs` apart, then the final reply. */
function scriptedWorker(script: {
  progress: ModelLoadProgress[];
  stepMs: number;
  final: (id: number) => unknown;
}): WorkerLike & { terminated: boolean } {
  const listeners: Array<(e: MessageEvent & ErrorEvent) => void> = [];
  const emit = (data: unknown) => listeners.forEach((l) => l({ data } as MessageEvent & ErrorEvent));
  const worker = {
    terminated: false,
    addEventListener: (type: string, l: (e: MessageEvent & ErrorEvent) => void) => {
      if (type === 'message') listeners.push(l);
    },
    postMessage(m: unknown) {
      const { id, type } = m as { id: number; type: string };
      if (type !== 'load') return;
      void (async () => {
        for (const p of script.progress) {
          await sleep(script.stepMs);
          emit({ type: 'progress', id, ...p });
        }
        await sleep(script.stepMs);
        emit(script.final(id));
      })();
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

const options = { model: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8' as const, allowRemote: true };

describe('createWorkerEmbedder', () => {
  it('relays the download progress, and a load that keeps reporting progress outlives the timeout', async () => {
    const progress = Array.from({ length: 6 }, (_, i): ModelLoadProgress => ({
      phase: 'downloading',
      host: 'huggingface.co',
      loaded: i * 10,
      total: 50,
    }));
    const worker = scriptedWorker({
      progress,
      stepMs: 30,
      final: (id) => ({
        type: 'loaded',
        id,
        modelId: 'Xenova/all-MiniLM-L6-v2@q8',
        dims: 384,
        threads: 1,
        backend: 'wasm',
        tokenizer: { specialTokens: 2 },
      }),
    });
    const seen: ModelLoadProgress[] = [];
    // Six reports 30 ms apart: the whole load takes ~210 ms, far past the 100 ms timeout, yet never silent that long.
    const embedder = await createWorkerEmbedder(() => worker, options, {
      timeoutMs: 100,
      onProgress: (p) => seen.push(p),
    });
    expect(embedder).toMatchObject({ modelId: 'Xenova/all-MiniLM-L6-v2@q8', dims: 384 });
    expect(seen).toEqual(progress);
  });

  it('a silent worker still times out', async () => {
    const worker = scriptedWorker({
      progress: [],
      stepMs: 200,
      final: (id) => ({
        type: 'loaded',
        id,
        modelId: 'm',
        dims: 3,
        threads: 1,
        backend: 'wasm',
        tokenizer: { specialTokens: 2 },
      }),
    });
    await expect(createWorkerEmbedder(() => worker, options, { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'embedding_failed',
      message: expect.stringContaining('did not answer "load"'),
    });
    expect(worker.terminated).toBe(true);
  });

  it("keeps the worker's model_download_failed code and message, so the settings page can say what failed", async () => {
    const message =
      'Could not download the embedding model Xenova/all-MiniLM-L6-v2 (q8) from huggingface.co: network error (Failed to fetch)';
    const worker = scriptedWorker({
      progress: [{ phase: 'downloading', host: 'huggingface.co', loaded: 0, total: 0 }],
      stepMs: 1,
      final: (id) => ({ type: 'error', id, code: 'model_download_failed', message }),
    });
    await expect(createWorkerEmbedder(() => worker, options)).rejects.toMatchObject({
      code: 'model_download_failed',
      message,
    });
    expect(worker.terminated).toBe(true);
    const odd = scriptedWorker({
      progress: [],
      stepMs: 1,
      final: (id) => ({ type: 'error', id, code: 'something_else', message: 'boom' }),
    });
    await expect(createWorkerEmbedder(() => odd, options)).rejects.toMatchObject({
      code: 'embedding_failed',
      message: 'boom',
    });
  });
});
