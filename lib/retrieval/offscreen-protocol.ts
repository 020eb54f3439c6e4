/**
 * The protocol between the background and the offscreen document that hosts the retrieval engine, as a
 * messaging-kit contract: each request's input and reply, types only. Every request carries the engine's
 * model (see offscreen-request-schemas.ts, the receiver's validation, one schema per request name).
 */
import type { z } from 'zod';
import { defineProtocol, type ParsedOf, type Route } from '../messaging/define-protocol';
import type { DocumentReading } from '../documents/read-document';
import type { ModelLoadProgress } from './create-model-load-tracker';
import type { EmbedBackend, WasmReason } from './embedder-contract';
import type { HistoryPassage } from './history-passage';
import type { PageSummary } from './page-summary';
import type { capturedPageSchema, deleteTargetSchema, offscreenRequestSchemas } from './offscreen-request-schemas';

export type CapturedPage = z.infer<typeof capturedPageSchema>;
export type DeleteTarget = z.infer<typeof deleteTargetSchema>;

/** Engine and index state for the settings page. */
export interface EngineStats {
  pages: number;
  chunks: number;
  /** Approximate bytes of the last saved index (0 before the first save). */
  bytes: number;
  /** The configured embedding model (`id@dtype`), the one `model` describes; during a re-embed, the new one. */
  modelId: string;
  /** Its index's width; 0 until that index exists. */
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
  /**
   * Once the model is loaded: the onnxruntime backend it runs on (WebGPU where the device has a GPU adapter and
   * the model gives the same vectors there, else WebAssembly), why it is WebAssembly, and WebGPU's error if any.
   */
  embedBackend?: EmbedBackend;
  embedBackendReason?: WasmReason;
  embedBackendDetail?: string;
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
  /** `truncated`: the page's Markdown goes on past `maxChars`. */
  parseHtml: { title: string; lang: string; markdown: string; notice?: string; truncated?: boolean };
  readDocument: DocumentReading;
}

type Schemas = typeof offscreenRequestSchemas;

/** Each request: what the background sends (the schema's input), what the engine gets (its output), what it answers. */
export type OffscreenRoutes = {
  [K in keyof Schemas]: Route<z.input<Schemas[K]>, OffscreenResponses[K], z.output<Schemas[K]>>;
};
export type OffscreenRequestName = keyof OffscreenRoutes;
/** One request as the engine's handler gets it, validated. */
export type OffscreenRequest<K extends OffscreenRequestName> = ParsedOf<OffscreenRoutes, K>;

export const offscreenProtocol = defineProtocol<OffscreenRoutes>('offscreen');
