/** The offscreen document's side of the embedding worker: an Embedder whose work runs in a Web Worker. */
import type { Embedder } from './embedder';
import { RetrievalError } from './retrieval-error';
import type { ModelTokenizer } from './chunk-text';
import { COUNT_BATCH, fromEmbedWorkerSchema, type FromEmbedWorker, type ToEmbedWorker, type WorkerLoadOptions } from './embed-worker-protocol';

/** An Embedder backed by a worker that can be terminated (on a model change). */
export interface WorkerEmbedder extends Embedder {
  /** onnxruntime threads the worker uses (1 unless cross-origin isolated). */
  readonly threads: number;
  dispose(): void;
}

/** The Worker API surface used here (injectable for tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent & ErrorEvent) => void): void;
  terminate(): void;
}

/**
 * Starts `spawn()`'s worker, loads the model in it and resolves once it answered the dimension probe.
 * A request that gets no answer in `timeoutMs` fails (a crashed worker must not hang ingestion).
 */
export async function createWorkerEmbedder(spawn: () => WorkerLike, options: WorkerLoadOptions, timeoutMs = 120_000): Promise<WorkerEmbedder> {
  const worker = spawn();
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    pending.clear();
  };
  worker.addEventListener('message', (event) => {
    const parsed = fromEmbedWorkerSchema.safeParse(event.data);
    if (!parsed.success) {
      failAll(new RetrievalError('embedding_failed', `malformed reply from the embedding worker: ${parsed.error.message}`));
      return;
    }
    const msg = parsed.data;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.type === 'error') p.reject(new RetrievalError(msg.code === 'model_load_failed' ? 'model_load_failed' : 'embedding_failed', msg.message));
    else p.resolve(msg);
  });
  worker.addEventListener('error', (event) => failAll(new RetrievalError('embedding_failed', `embedding worker crashed: ${event.message ?? 'unknown error'}`)));

  type Request = ToEmbedWorker extends infer M ? (M extends ToEmbedWorker ? Omit<M, 'id'> : never) : never;
  function call<T>(message: Request): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new RetrievalError('embedding_failed', `embedding worker did not answer "${message.type}" within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      worker.postMessage({ ...message, id });
    });
  }

  let loaded: Extract<FromEmbedWorker, { type: 'loaded' }>;
  try {
    loaded = await call({ type: 'load', options });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  const info = loaded.tokenizer;
  // Counting runs in the worker, on the tokenizer the pipeline already loaded: one request a batch of texts.
  const tokenizer: ModelTokenizer | undefined =
    'specialTokens' in info
      ? {
          specialTokens: info.specialTokens,
          async count(texts) {
            const out: number[] = [];
            for (let i = 0; i < texts.length; i += COUNT_BATCH) {
              const batch = texts.slice(i, i + COUNT_BATCH);
              const { counts } = await call<{ counts: number[] }>({ type: 'count', texts: batch });
              if (counts.length !== batch.length) throw new RetrievalError('embedding_failed', `the embedding worker counted ${counts.length} of ${batch.length} texts`);
              out.push(...counts);
            }
            return out;
          },
        }
      : undefined;
  return {
    modelId: loaded.modelId,
    dims: loaded.dims,
    threads: loaded.threads,
    ...(tokenizer ? { tokenizer } : { tokenizerError: 'error' in info ? info.error : 'no tokenizer' }),
    async embed(texts) {
      if (texts.length === 0) return [];
      const { vectors } = await call<{ vectors: Float32Array[] }>({ type: 'embed', texts });
      return vectors;
    },
    dispose() {
      failAll(new RetrievalError('embedding_failed', 'embedder disposed'));
      worker.terminate();
    },
  };
}
