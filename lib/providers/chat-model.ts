/**
 * The one provider contract (after the AI SDK's LanguageModel): callers hand a ChatCall in a vendor-neutral
 * shape and get vendor-neutral stream parts back. Each adapter wraps an official SDK and hides its wire format.
 */

// The message and usage shapes are stored with each conversation, so storage (below this folder) declares them.
import type { ChatMessage } from '../core/chat-message';
import type { Usage } from '../core/usage';
import type { ModelInfo } from './model-catalog';

/** A tool as the model sees it: JSON Schema for the input (from zod via z.toJSONSchema). */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ChatCall {
  system: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  maxOutputTokens?: number;
  temperature?: number;
  /** Reasoning models: OpenAI `reasoning_effort`; Anthropic extended thinking with a token budget. */
  reasoning?: { effort?: 'low' | 'medium' | 'high'; budgetTokens?: number };
}

export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

export type ModelStreamPart =
  | { type: 'text-delta'; delta: string }
  | { type: 'reasoning-delta'; delta: string }
  /** Anthropic signs thinking blocks; the signature must be sent back with them on the next call. */
  | { type: 'reasoning-signature'; signature: string }
  | { type: 'tool-call-start'; toolCallId: string; toolName: string }
  | { type: 'tool-call-delta'; toolCallId: string; inputDelta: string }
  /** A complete tool call; `input` is the raw JSON text the model produced (parsed and validated by the caller). */
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }
  /** The SDK is about to retry after a retryable HTTP status (429, 5xx, 529). */
  | { type: 'retry'; attempt: number; status: number; delayMs: number }
  | { type: 'finish'; finishReason: FinishReason; usage: Usage }
  /** The server refused the request's tools for this model; it was sent again without them (plain chat). */
  | { type: 'tools-unsupported' };

export interface ChatModel {
  readonly provider: string;
  readonly modelId: string;
  /**
   * What is known of the model's limits (the catalog's, or safe defaults for an unknown one). `tools` turns
   * false once the server has refused tools for it. Absent on test fakes: callers then use their defaults.
   */
  readonly info?: ModelInfo;
  /** Streams one model response. Throws ProviderError; aborting `signal` ends the stream promptly. */
  stream(call: ChatCall, signal: AbortSignal): AsyncIterable<ModelStreamPart>;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0 });
