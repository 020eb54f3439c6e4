/**
 * The two engine benchmarks the retrieval bench runs inside the extension: requests and results. Only the
 * bench build (`wxt build --mode bench`) contains the page that answers them; the product has no bench code.
 */
import { z } from 'zod';
import type { EmbedBackend, WasmReason } from '../../../../lib/retrieval/embedder-contract';
import { embeddingModelSchema } from '../../../../lib/retrieval/index-settings';

export const engineBenchRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bench-embed'),
    model: embeddingModelSchema,
    texts: z.number().int().min(1).max(1024),
    words: z.number().int().min(1).max(1000),
    rounds: z.number().int().min(1).max(10),
  }),
  z.object({
    type: z.literal('bench-search'),
    chunks: z.number().int().min(100).max(200_000),
    queries: z.number().int().min(5).max(1000),
    /** Also save the index to a scratch IndexedDB database and time restoring it (median of 3). */
    restore: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('bench-store'),
    chunks: z.number().int().min(100).max(200_000),
    /** The model the offscreen engine is configured with, so that it restores this index on start. */
    modelId: z.string().min(1),
    dims: z.number().int().min(1).max(4096),
  }),
]);
export type EngineBenchRequest = z.infer<typeof engineBenchRequestSchema>;

export interface EngineBenchResults {
  'bench-embed': {
    chunksPerSecond: number;
    rounds: number[];
    threads: number;
    loadMs: number;
    /** The backend the engine's own choice ('auto') put the model on, and why WebAssembly. */
    backend: EmbedBackend;
    wasmReason?: WasmReason;
  };
  'bench-search': {
    buildMs: number;
    p50: number;
    p95: number;
    mean: number;
    restoreMs?: number;
    restoreReadMs?: number;
  };
  'bench-store': { chunks: number; textBytes: number; saveMs: number };
}

/** The global the bench page sets, which the bench calls through Playwright. */
export const ENGINE_BENCH_GLOBAL = 'tabwiseEngineBench';
