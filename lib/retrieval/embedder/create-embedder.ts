/**
 * A transformers.js feature-extraction model behind a three-member interface, so the index and
 * search code never touch transformers.js (and tests can pass a fake).
 */
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
import type {
  EmbedBackend,
  EmbedDevicePreference,
  Embedder,
  EmbedderDtype,
  ModelTokenizer,
  WasmReason,
} from '../embedder-contract';
import { createModelLoadTracker, type FetchLike, type ModelLoadProgress } from '../create-model-load-tracker';
import { RetrievalError } from '../retrieval-error';
import { poolingOf, type EmbeddingPooling } from '../embedding-model-presets';
import { compareVectors, loadOnBestBackend, type GpuLike } from './choose-embed-backend';

/** transformers.js's own fetch, captured before createEmbedder replaces it with an observed one. */
const defaultFetch = env.fetch as FetchLike;

/** How to load an embedding model. */
export interface EmbedderOptions {
  /** Hub id or folder name under localModelPath, e.g. 'Xenova/all-MiniLM-L6-v2' or 'glove-sif-100d'. */
  model: string;
  dtype: EmbedderDtype;
  /** Folder (Node) or URL prefix (browser) holding `<model>/`. */
  localModelPath?: string;
  /** Whether the Hugging Face hub may be contacted. Default false: nothing leaves the machine unasked. */
  allowRemote?: boolean;
  /**
   * A URL prefix serving `<model>/config.json`, `<model>/onnx/…` like the hub does (a self-hosted mirror,
   * or a test server). Used instead of the hub, and instead of `localModelPath`: transformers.js 4 does
   * not probe optional files (the tokenizer) under an http(s) `localModelPath`, so it silently loads none.
   */
  modelBaseUrl?: string;
  /** Where onnxruntime-web's .wasm/.mjs live (extension pages must use the bundled files, not a CDN). */
  wasmPaths?: string | { wasm: string; mjs?: string };
  /** Replaces transformers.js's fetch (e.g. to serve model files from extension storage). */
  fetch?: FetchLike;
  /**
   * Called while the model's files are downloaded or read from the cache. Asking for progress makes
   * transformers.js size each file not yet cached with a one-byte range request first.
   */
  onProgress?: (progress: ModelLoadProgress) => void;
  /** Texts per model call; bounds padding memory. Default 16. */
  batchSize?: number;
  /** Identifier stamped on chunks. Default `${model}@${dtype}`. */
  modelId?: string;
  /** How token vectors become one. Default: what the model is known to use (`poolingOf`), else mean + normalise. */
  pooling?: EmbeddingPooling;
  /** 'auto' (default): WebGPU where `gpu` gives an adapter and the model loads and runs there, else WebAssembly. */
  device?: EmbedDevicePreference;
  /** Where WebGPU is asked for an adapter. Default `navigator.gpu` (none in Node). */
  gpu?: GpuLike;
}

/** An Embedder that says which backend it runs on, and, on WebAssembly, why. */
export interface LoadedEmbedder extends Embedder {
  readonly backend: EmbedBackend;
  readonly wasmReason?: WasmReason;
  /** With wasmReason 'webgpu-failed': WebGPU's error. */
  readonly backendDetail?: string;
}

/**
 * What a model on WebGPU must embed as it does on WebAssembly before it is used there: short and long, several
 * scripts, in one batch (so padding and attention masks are part of the comparison).
 */
const PROBE_TEXTS = [
  'The cat sat on the mat.',
  'Quarterly revenue grew 12% while operating costs fell, according to the filing published on Tuesday.',
  'Die Katze schläft auf dem Sofa. 猫はソファで寝ている。',
  Array.from({ length: 40 }, (_, i) => ['search', 'index', 'page', 'history', 'passage'][i % 5]).join(' '),
];

/**
 * Loads a feature-extraction pipeline and returns an Embedder pooling as the model wants (mean pooling and
 * L2 normalisation for the MiniLMs, so a dot product is a cosine). Note that transformers.js's `env` is global: the
 * options here are applied to it, which is fine because one document hosts one embedder.
 */
export async function createEmbedder(options: EmbedderOptions): Promise<LoadedEmbedder> {
  const { model, dtype, batchSize = 16 } = options;
  const { pooling, normalize } = options.pooling ?? poolingOf(model);
  if (options.localModelPath !== undefined) {
    env.localModelPath = options.localModelPath;
    env.allowLocalModels = true;
  }
  env.allowRemoteModels = options.allowRemote ?? false;
  if (options.modelBaseUrl !== undefined) {
    env.remoteHost = options.modelBaseUrl.endsWith('/') ? options.modelBaseUrl : `${options.modelBaseUrl}/`;
    env.remotePathTemplate = '{model}/';
    env.allowRemoteModels = true;
    env.allowLocalModels = false;
  }
  // In a browser transformers.js keeps what it fetched in the Cache API ('transformers-cache'), keyed by the
  // hub URL, and fetches only what is missing there: the tracker's fetch sees exactly the downloads.
  const tracker = createModelLoadTracker({ fetch: options.fetch ?? defaultFetch, onProgress: options.onProgress });
  env.fetch = tracker.fetch;
  if (options.wasmPaths !== undefined && env.backends.onnx.wasm) env.backends.onnx.wasm.wasmPaths = options.wasmPaths;

  /** The pipeline on one backend, warmed by a probe call that also learns the width. */
  async function open(backend: EmbedBackend) {
    let extractor: FeatureExtractionPipeline;
    try {
      extractor = await pipeline('feature-extraction', model, {
        dtype,
        // WebAssembly is transformers.js's default in a browser (and CPU in Node, which has no 'wasm' device).
        ...(backend === 'webgpu' ? { device: 'webgpu' as const } : {}),
        ...(options.onProgress ? { progress_callback: tracker.progress } : {}),
      });
    } catch (cause) {
      const failed = tracker.failure();
      if (failed) {
        const host = new URL(failed.url).host;
        throw new RetrievalError(
          'model_download_failed',
          `Could not download the embedding model ${model} (${dtype}) from ${host}: ${failed.reason}`,
          { cause },
        );
      }
      const on = backend === 'webgpu' ? ' on WebGPU' : '';
      throw new RetrievalError('model_load_failed', `could not load embedding model ${model} (${dtype})${on}`, {
        cause,
      });
    }
    const run = async (texts: string[]): Promise<Float32Array[]> => {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize);
        let tensor;
        try {
          tensor = await extractor(batch, { pooling, normalize });
        } catch (cause) {
          throw new RetrievalError('embedding_failed', `embedding ${batch.length} texts with ${model} failed`, {
            cause,
          });
        }
        const dims = tensor.dims[tensor.dims.length - 1]!;
        const data = tensor.data as Float32Array;
        // Copy out of the tensor's buffer so the caller's vectors do not pin a whole batch.
        for (let r = 0; r < batch.length; r++) out.push(data.slice(r * dims, (r + 1) * dims));
      }
      return out;
    };
    // One probe call learns the width and warms the session before the first real batch; on WebGPU it is also
    // the proof that the model runs there (an operator the GPU lacks fails here, not on the first page).
    try {
      const [probe] = await run(['dimension probe']);
      if (!probe?.length || !probe.every(Number.isFinite))
        throw new RetrievalError('model_load_failed', `${model} gave no usable vector on ${backend}`);
      return { extractor, run, dims: probe.length };
    } catch (error) {
      await extractor.dispose().catch(() => undefined);
      throw error;
    }
  }

  const gpu = options.gpu ?? (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu;
  type Opened = Awaited<ReturnType<typeof open>>;
  const chosen = await loadOnBestBackend<Opened>(
    {
      load: open,
      async agree(wasm, webgpu) {
        return compareVectors(await wasm.run(PROBE_TEXTS), await webgpu.run(PROBE_TEXTS));
      },
      dispose: (o) => o.extractor.dispose(),
    },
    { gpu, prefer: options.device },
  );
  const { extractor, run, dims } = chosen.loaded;
  const tokens = tokenizerOf(extractor);
  return {
    modelId: options.modelId ?? `${model}@${dtype}`,
    dims,
    backend: chosen.backend,
    ...(chosen.reason ? { wasmReason: chosen.reason } : {}),
    ...(chosen.detail ? { backendDetail: chosen.detail } : {}),
    async embed(texts) {
      if (texts.length === 0) return [];
      return run(texts);
    },
    ...tokens,
  };
}

/**
 * Token counts from the pipeline's own tokenizer: the tokens the model is run on (the pipeline truncates
 * only beyond the tokenizer's model_max_length, 512 for both MiniLMs). Special tokens are reported apart, as the
 * difference they make to a one-word input (2 for BERT's [CLS] … [SEP], and for XLM-R's <s> … </s>). Nothing
 * here assumes WordPiece: a SentencePiece (Unigram) tokenizer counts the same way.
 */
function tokenizerOf(extractor: FeatureExtractionPipeline): { tokenizer: ModelTokenizer } | { tokenizerError: string } {
  const tokenizer = extractor.tokenizer;
  try {
    if (!tokenizer) throw new Error('the pipeline has no tokenizer');
    const specialTokens =
      tokenizer.encode('a', { add_special_tokens: true }).length -
      tokenizer.encode('a', { add_special_tokens: false }).length;
    return {
      tokenizer: {
        specialTokens,
        async count(texts) {
          return texts.map((t) => tokenizer.encode(t, { add_special_tokens: false }).length);
        },
      },
    };
  } catch (error) {
    return {
      tokenizerError: `could not use the model's tokenizer: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
