/**
 * The contract between the embedding worker (which implements it with transformers.js) and the engine
 * and search code (which only call it): so neither side imports the other, and tests can pass a fake.
 */

/**
 * The embedding model's own tokenizer, counting many texts per call: it lives in the embedding worker,
 * so a call is a round trip, and chunking a page makes two or three calls however long the page is.
 */
export interface ModelTokenizer {
  /** Tokens the model adds around every input ([CLS] … [SEP]: 2 for BERT); they count against the budget. */
  readonly specialTokens: number;
  /** Tokens of each text as the model splits it, special tokens excluded. */
  count(texts: string[]): Promise<number[]>;
}

/** Turns texts into L2-normalised vectors of one model. */
export interface Embedder {
  /** Stamped on every chunk, so vectors of different models are never compared. */
  readonly modelId: string;
  readonly dims: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** The model's own tokenizer, so chunks are sized in the model's tokens. Absent when it could not be loaded. */
  readonly tokenizer?: ModelTokenizer;
  /** Why `tokenizer` is absent. */
  readonly tokenizerError?: string;
}

/** The precisions transformers.js can load (the model folder must hold the matching .onnx file). */
export type EmbedderDtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'bnb4' | 'q4f16' | 'auto';

/** 'wasm' is the CPU backend transformers.js defaults to: onnxruntime-web's WebAssembly (onnxruntime-node's CPU in Node). */
export type EmbedBackend = 'wasm' | 'webgpu';

/** What the loader is asked for: 'auto' chooses (the product), the others force one backend (tests, benches). */
export type EmbedDevicePreference = 'auto' | EmbedBackend;

/**
 * Why a model runs on WebAssembly: this context has no WebGPU at all; or no adapter (no GPU the browser will use,
 * or a blocklisted driver); or only a software one (slower than WebAssembly); or the model failed to load or
 * run on WebGPU; or its vectors there were not WebAssembly's; or WebAssembly was asked for.
 */
export type WasmReason = 'no-webgpu' | 'no-adapter' | 'software-adapter' | 'webgpu-failed' | 'webgpu-differs' | 'asked';
