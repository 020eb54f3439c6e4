/**
 * The typed protocol between the background and the offscreen document that hosts the retrieval engine.
 * Every request carries the engine configuration, so an offscreen document that outlived a restarted
 * worker (or a settings change) never serves with a stale model. Both ends validate with zod.
 */
import { z } from 'zod';
import type { ModelLoadProgress } from './create-model-load-tracker';
import { embeddingModelSchema } from './index-settings';
import type { HistoryPassage } from './history-passage';
import { historyQuerySchema } from './history-query';
import type { PageSummary } from './page-summary';

/** Marks messages meant for the offscreen document (every extension context receives runtime messages). */
export const OFFSCREEN_TARGET = 'tabwise-offscreen';

const epoch = z.number().finite();
const url = z.string().min(1).max(8192);

export const capturedPageSchema = z.object({
  url,
  title: z.string().max(2000),
  lang: z.string().max(35),
  /** Already scrubbed of secrets by the background. */
  text: z.string().max(2_000_000),
  visitedAt: epoch,
});
export type CapturedPage = z.infer<typeof capturedPageSchema>;

/** The settings page's index browser: pages whose title or URL contains `query`, newest first. */
export const pagesQuerySchema = z.object({ query: z.string().max(500).optional(), limit: z.number().int().min(1).max(5000).optional() });

export const deleteTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), url }),
  z.object({ kind: z.literal('domain'), domain: z.string().trim().toLowerCase().min(1).max(253) }),
  z.object({ kind: z.literal('range'), since: epoch, until: epoch }),
  z.object({ kind: z.literal('all') }),
]);
export type DeleteTarget = z.infer<typeof deleteTargetSchema>;

export const offscreenRequestSchema = z.discriminatedUnion('type', [
  /** Chunks, embeds and indexes pages; answers once they are persisted. */
  z.object({ type: z.literal('ingest'), model: embeddingModelSchema, pages: z.array(capturedPageSchema).min(1).max(32) }),
  z.object({ type: z.literal('search'), model: embeddingModelSchema, request: historyQuerySchema }),
  z.object({ type: z.literal('stats'), model: embeddingModelSchema }),
  z.object({ type: z.literal('pages'), model: embeddingModelSchema, ...pagesQuerySchema.shape }),
  z.object({ type: z.literal('delete'), model: embeddingModelSchema, target: deleteTargetSchema }),
  /** Retention and size cap: drops visits before `before`, then the oldest pages past `maxChunks`. */
  z.object({ type: z.literal('evict'), model: embeddingModelSchema, before: epoch, maxChunks: z.number().int().min(0) }),
]);
export type OffscreenRequest = z.infer<typeof offscreenRequestSchema>;

/** The wire form: the target marker, then the request. */
export const offscreenWireSchema = z.object({ target: z.literal(OFFSCREEN_TARGET), request: z.unknown() });

/** Engine and index state for the settings page. */
export interface EngineStats {
  pages: number;
  chunks: number;
  /** Approximate bytes of the last saved index (0 before the first save). */
  bytes: number;
  modelId: string;
  dims: number;
  /** 'loading' until the model answered; search then falls back to text only. */
  model: 'idle' | 'loading' | 'ready' | 'failed';
  /** While loading: the model's files downloading (first use) or being read from the browser's cache. */
  modelProgress?: ModelLoadProgress;
  /** Why the last load failed (a 'model_download_failed' message names the model and the host). */
  modelError?: string;
  threads: number;
  /**
   * How chunk sizes are counted once the model is loaded: with its own tokenizer, or, when that could not
   * be loaded, estimated at about 4 characters a token (`tokenCountingNote` says why).
   */
  tokenCounting?: 'model-tokenizer' | 'estimate';
  tokenCountingNote?: string;
  crossOriginIsolated: boolean;
  restoredChunks: number;
  restoreMs: number;
  /** Set while pages indexed with a previous model are re-embedded with this one (search uses the old index meanwhile). */
  reembed?: { done: number; total: number; from: string };
  /** Set when the stored index was damaged and had to be reset on start: what happened, for the user. */
  indexReset?: string;
}

export interface OffscreenResponses {
  ingest: { indexed: Array<{ url: string; chunks: number }> };
  search: HistoryPassage[];
  stats: EngineStats;
  pages: { total: number; pages: PageSummary[] };
  delete: { chunks: number; urls: string[] };
  evict: { chunks: number; urls: string[] };
}
export type OffscreenResponseOf<T extends OffscreenRequest['type']> = OffscreenResponses[T];
