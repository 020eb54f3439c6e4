/**
 * The documented shape of Chrome's Prompt API (the global `LanguageModel`, Chrome 138+ in extensions), the
 * part Tabwise uses; declared here because TypeScript's DOM library does not have it yet.
 */

export type LanguageModelAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LanguageModelSession {
  /** A stream of text chunks (deltas in current Chrome). */
  promptStreaming(input: string, options?: { signal?: AbortSignal }): ReadableStream<string>;
  destroy(): void;
  /** Tokens used so far (`inputUsage` in older versions). */
  contextUsage?: number;
  inputUsage?: number;
}

export interface LanguageModelCreateOptions {
  initialPrompts?: LanguageModelMessage[];
  signal?: AbortSignal;
  /** Receives an EventTarget that fires `downloadprogress` ({loaded: 0..1}) while the model downloads. */
  monitor?: (monitor: EventTarget) => void;
}

export interface LanguageModelApi {
  availability(options?: object): Promise<LanguageModelAvailability>;
  create(options?: LanguageModelCreateOptions): Promise<LanguageModelSession>;
}

/** The global `LanguageModel` of this context, if it has one. */
export function findLanguageModel(scope: object = globalThis): LanguageModelApi | undefined {
  const api = (scope as { LanguageModel?: unknown }).LanguageModel;
  if (!api || (typeof api !== 'object' && typeof api !== 'function')) return undefined;
  const candidate = api as Partial<LanguageModelApi>;
  return typeof candidate.availability === 'function' && typeof candidate.create === 'function'
    ? (candidate as LanguageModelApi)
    : undefined;
}
