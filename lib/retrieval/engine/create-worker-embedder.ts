/** The offscreen document's side of the embedding worker: an Embedder whose work runs in a Web Worker. */
import type { ModelLoadProgress } from '../create-model-load-tracker';
import type { Embedder } from '../embedder-contract';
import { RetrievalError, type RetrievalErrorCode } from '../retrieval-error';
import type { EmbedBackend, ModelTokenizer, WasmReason } from '../embedder-contract';
import {
  COUNT_BATCH,
  fromEmbedWorkerSchema,
  type FromEmbedWorker,
  type ToEmbedWorker,
  type WorkerLoadOptions,
} from '../embed-worker-protocol';

/** An Embedder backed by a worker that can be terminated (on a model change). */
export interface WorkerEmbedder extends Embedder {
  /** onnxruntime threads the worker uses (1 unless cross-origin isolated). */
  readonly threads: number;
  /** The onnxruntime backend the worker runs the model on, and, on WebAssembly, why. */
  readonly backend: EmbedBackend;
  readonly wasmReason?: WasmReason;
  readonly backendDetail?: string;
  dispose(): void;
}

/** The Worker API surface used here (injectable for tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent & ErrorEvent) => void): void;
  terminate(): void;
}

export interface WorkerEmbedderOptions {
  /** A request that gets no answer (nor, while loading, any progress) in this long fails. Default 120 s. */
  timeoutMs?: number;
  /** The model's files downloading or being read from the cache, as the worker reports it. */
  onProgress?: (progress: ModelLoadProgress) => void;
}

/** Error codes the worker may send that keep their meaning here; anything else is an embedding failure. */
const passedCodes = new Set<RetrievalErrorCode>(['model_load_failed', 'model_download_failed']);

/**
 * Starts `spawn()`'s worker, loads the model in it and resolves once it answered the dimension probe.
 * A request that gets no answer in `timeoutMs` fails (a crashed worker must not hang ingestion); a load
 * that keeps reporting progress is alive, so each report restarts its clock.
 */
export async function createWorkerEmbedder(
  spawn: () => WorkerLike,
  options: WorkerLoadOptions,
  settings: WorkerEmbedderOptions = {},
): Promise<WorkerEmbedder> {
  const timeoutMs = settings.timeoutMs ?? 120_000;
  const worker = spawn();
  let nextId = 1;
  const pending = new Map<
    number,
    {
      resolve: (v: unknown) => void;
      reject: (e: Error) => void;
      timer: ReturnType<typeof setTimeout>;
      arm: () => ReturnType<typeof setTimeout>;
    }
  >();
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
      failAll(
        new RetrievalError('embedding_failed', `malformed reply from the embedding worker: ${parsed.error.message}`),
      );
      return;
    }
    const msg = parsed.data;
    const p = pending.get(msg.id);
    if (!p) return;
    clearTimeout(p.timer);
    if (msg.type === 'progress') {
      p.timer = p.arm();
      const { phase, host, loaded, total } = msg;
      settings.onProgress?.({ phase, ...(host !== undefined ? { host } : {}), loaded, total });
      return;
    }
    pending.delete(msg.id);
    if (msg.type === 'error')
      p.reject(
        new RetrievalError(
          passedCodes.has(msg.code as RetrievalErrorCode) ? (msg.code as RetrievalErrorCode) : 'embedding_failed',
          msg.message,
        ),
      );
    else p.resolve(msg);
  });
  worker.addEventListener('error', (event) =>
    failAll(new RetrievalError('embedding_failed', `embedding worker crashed: ${event.message ?? 'unknown error'}`)),
  );

  type Request = ToEmbedWorker extends infer M ? (M extends ToEmbedWorker ? Omit<M, 'id'> : never) : never;
  function call<T>(message: Request): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const arm = () =>
        setTimeout(() => {
          pending.delete(id);
          reject(
            new RetrievalError(
              'embedding_failed',
              `embedding worker did not answer "${message.type}" within ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer: arm(), arm });
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
              if (counts.length !== batch.length)
                throw new RetrievalError(
                  'embedding_failed',
                  `the embedding worker counted ${counts.length} of ${batch.length} texts`,
                );
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
    backend: loaded.backend,
    ...(loaded.wasmReason ? { wasmReason: loaded.wasmReason } : {}),
    ...(loaded.backendDetail ? { backendDetail: loaded.backendDetail } : {}),
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
