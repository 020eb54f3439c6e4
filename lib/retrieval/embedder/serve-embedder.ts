/**
 * The worker side of the offscreen embedder: loads one transformers.js model, and embeds texts or counts
 * their tokens (with the model's own tokenizer, for chunk sizing) on request.
 * Runs in a dedicated Web Worker so tokenising and inference never block the offscreen document's
 * message handling (search keeps answering while a page is embedded).
 */
import { env } from '@huggingface/transformers';
import { createEmbedder } from './create-embedder';
import type { LoadedEmbedder } from './create-embedder';
import { fromEmbedWorkerSchema, toEmbedWorkerSchema, type FromEmbedWorker } from '../embed-worker-protocol';

/** The part of DedicatedWorkerGlobalScope this needs (injectable for tests). */
export interface WorkerScope {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  crossOriginIsolated?: boolean;
}

/** Where onnxruntime-web's bundled files are, resolved by the bundler (never a CDN). */
export interface BundledWasm {
  /** URL of ort-wasm-simd-threaded.asyncify.wasm inside the extension. */
  wasm: string;
}

/**
 * Serves embedding requests on `scope`. Threads: onnxruntime-web needs SharedArrayBuffer for more than
 * one, which only exists when the page is cross-origin isolated; otherwise it would warn and fall back.
 */
export function serveEmbedder(scope: WorkerScope, bundled: BundledWasm, hardwareConcurrency = 2): void {
  const threads = scope.crossOriginIsolated ? Math.max(1, Math.min(4, hardwareConcurrency)) : 1;
  if (env.backends.onnx.wasm) {
    env.backends.onnx.wasm.numThreads = threads;
    // transformers.js points wasmPaths at jsDelivr on import; the bundled file is used instead.
    env.backends.onnx.wasm.wasmPaths = { wasm: bundled.wasm };
  }
  let embedder: Promise<LoadedEmbedder> | undefined;
  const reply = (m: FromEmbedWorker) => scope.postMessage(fromEmbedWorkerSchema.parse(m));

  scope.addEventListener('message', (event) => {
    const parsed = toEmbedWorkerSchema.safeParse(event.data);
    if (!parsed.success) {
      // Without a valid id there is no one to answer; the sender's timeout reports it.
      console.error('embed worker: malformed request', parsed.error.message);
      return;
    }
    const msg = parsed.data;
    const fail = (e: unknown) => {
      // The cause (onnxruntime's or the fetch's message) is what makes the error actionable in the settings page.
      const cause = (e as { cause?: unknown }).cause;
      const causeMessage = cause instanceof Error ? cause.message : cause ? String(cause) : '';
      const own = e instanceof Error ? e.message : String(e);
      const message = causeMessage && !own.includes(causeMessage) ? `${own}: ${causeMessage}` : own;
      reply({ type: 'error', id: msg.id, code: (e as { code?: string }).code ?? 'embedding_failed', message });
    };
    if (msg.type === 'load') {
      embedder = createEmbedder({
        ...msg.options,
        wasmPaths: { wasm: bundled.wasm },
        // Each report also tells the offscreen document that the load is alive (a 23 MB download can take minutes).
        onProgress: (p) => reply({ type: 'progress', id: msg.id, ...p }),
      });
      embedder.then((e) => {
        const tokenizer = e.tokenizer
          ? { specialTokens: e.tokenizer.specialTokens }
          : { error: e.tokenizerError ?? 'no tokenizer' };
        const backend = {
          backend: e.backend,
          ...(e.wasmReason ? { wasmReason: e.wasmReason } : {}),
          ...(e.backendDetail ? { backendDetail: e.backendDetail } : {}),
        };
        if (e.wasmReason === 'webgpu-failed')
          console.warn(`Tabwise: ${e.modelId} runs on WebAssembly, WebGPU failed: ${e.backendDetail ?? ''}`);
        reply({ type: 'loaded', id: msg.id, modelId: e.modelId, dims: e.dims, threads, tokenizer, ...backend });
      }, fail);
      return;
    }
    if (!embedder) {
      fail(new Error(`${msg.type} before load`));
      return;
    }
    if (msg.type === 'count') {
      embedder
        .then((e) => {
          if (!e.tokenizer) throw new Error(e.tokenizerError ?? 'the model has no tokenizer');
          return e.tokenizer.count(msg.texts);
        })
        .then((counts) => reply({ type: 'counted', id: msg.id, counts }), fail);
      return;
    }
    embedder
      .then((e) => e.embed(msg.texts))
      .then(
        (vectors) =>
          scope.postMessage(
            { type: 'embedded', id: msg.id, vectors },
            vectors.map((v) => v.buffer as ArrayBuffer),
          ),
        fail,
      );
  });
}
