/**
 * Messages between the offscreen document and its embedding Web Worker. Both sides validate with zod:
 * a worker is another context, and a malformed reply must become an error, not a wrong vector.
 */
import { z } from 'zod';

const dtype = z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16', 'auto']);

/** How the worker should load its model (EmbedderOptions minus what cannot cross a postMessage). */
export const workerLoadOptionsSchema = z.object({
  model: z.string().min(1).max(300),
  dtype,
  localModelPath: z.string().max(2000).optional(),
  modelBaseUrl: z.string().max(2000).optional(),
  allowRemote: z.boolean(),
  batchSize: z.number().int().min(1).max(256).optional(),
  modelId: z.string().max(400).optional(),
  /** 'auto' (the default): WebGPU where the worker gets an adapter and the model runs there, else WebAssembly. */
  device: z.enum(['auto', 'wasm', 'webgpu']).optional(),
});
export type WorkerLoadOptions = z.infer<typeof workerLoadOptionsSchema>;

/** Texts per `count` request (the client splits longer lists). */
export const COUNT_BATCH = 8192;

/** Offscreen document → worker. */
export const toEmbedWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('load'), id: z.number().int(), options: workerLoadOptionsSchema }),
  z.object({ type: z.literal('embed'), id: z.number().int(), texts: z.array(z.string()).max(4096) }),
  /** Tokens of each text under the loaded model's tokenizer, special tokens excluded (chunk sizing). */
  z.object({ type: z.literal('count'), id: z.number().int(), texts: z.array(z.string()).max(COUNT_BATCH) }),
]);
export type ToEmbedWorker = z.infer<typeof toEmbedWorkerSchema>;

/** Worker → offscreen document. */
export const fromEmbedWorkerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('loaded'),
    id: z.number().int(),
    modelId: z.string(),
    dims: z.number().int().positive(),
    threads: z.number().int(),
    /** The onnxruntime backend the model runs on, and, on WebAssembly, why (see choose-embed-backend.ts). */
    backend: z.enum(['wasm', 'webgpu']),
    wasmReason: z
      .enum(['no-webgpu', 'no-adapter', 'software-adapter', 'webgpu-failed', 'webgpu-differs', 'asked'])
      .optional(),
    backendDetail: z.string().max(500).optional(),
    /** The model's tokenizer, usable by `count`, or why it is not (chunks are then sized by an estimate). */
    tokenizer: z.union([
      z.object({ specialTokens: z.number().int().min(0).max(16) }),
      z.object({ error: z.string().max(2000) }),
    ]),
  }),
  /** While a 'load' runs: the model's files downloading (or read from the cache). Answers nothing; the 'loaded' or 'error' still comes. */
  z.object({
    type: z.literal('progress'),
    id: z.number().int(),
    phase: z.enum(['downloading', 'loading']),
    host: z.string().max(300).optional(),
    loaded: z.number().nonnegative(),
    total: z.number().nonnegative(),
  }),
  z.object({ type: z.literal('embedded'), id: z.number().int(), vectors: z.array(z.instanceof(Float32Array)) }),
  z.object({
    type: z.literal('counted'),
    id: z.number().int(),
    counts: z.array(z.number().int().min(0)).max(COUNT_BATCH),
  }),
  z.object({ type: z.literal('error'), id: z.number().int(), code: z.string(), message: z.string() }),
]);
export type FromEmbedWorker = z.infer<typeof fromEmbedWorkerSchema>;
