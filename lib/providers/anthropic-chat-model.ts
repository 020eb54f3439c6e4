/** ChatModel over the official `@anthropic-ai/sdk` (Messages API). */
import Anthropic from '@anthropic-ai/sdk';
import type { ChatCall, ChatModel, ModelStreamPart } from './chat-model';
import { createAnthropicStreamMapper } from './anthropic-stream-mapper';
import { mapAnthropicMessages, mapAnthropicSystem, mapAnthropicTools } from './map-anthropic-messages';
import { streamThroughSdk } from './stream-through-sdk';

export interface AnthropicChatModelOptions {
  modelId: string;
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Silence after which the stream counts as stalled (default 20 s). */
  stallTimeoutMs?: number;
}

const DEFAULT_MAX_TOKENS = 4096;

/** Client options shared with the connection test. */
export function anthropicClientOptions(o: {
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
}) {
  return {
    apiKey: o.apiKey ?? null,
    baseURL: o.baseURL || undefined,
    maxRetries: o.maxRetries ?? 2,
    fetch: o.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    // Only the background service worker constructs clients; keys never reach a page.
    dangerouslyAllowBrowser: true,
  };
}

export function createAnthropicChatModel(options: AnthropicChatModelOptions): ChatModel {
  const maxRetries = options.maxRetries ?? 2;
  return {
    provider: 'anthropic',
    modelId: options.modelId,
    async *stream(call: ChatCall, signal: AbortSignal): AsyncIterable<ModelStreamPart> {
      const base = anthropicClientOptions({ ...options, maxRetries });
      const budget = call.reasoning?.budgetTokens;
      const maxTokens = Math.max(call.maxOutputTokens ?? DEFAULT_MAX_TOKENS, budget ? budget + 1024 : 0);
      const endpoint = { baseURL: options.baseURL, vendorHost: 'api.anthropic.com' };
      yield* streamThroughSdk(
        { ...base, endpoint, stallTimeoutMs: options.stallTimeoutMs },
        signal,
        async (fetch, push, requestSignal) => {
          const client = new Anthropic({ ...base, fetch });
          const mapper = createAnthropicStreamMapper();
          const stream = await client.messages.create(
            {
              model: options.modelId,
              max_tokens: maxTokens,
              system: mapAnthropicSystem(call),
              messages: mapAnthropicMessages(call),
              tools: mapAnthropicTools(call),
              stream: true,
              ...(budget ? { thinking: { type: 'enabled' as const, budget_tokens: budget } } : {}),
              ...(call.temperature !== undefined && !budget ? { temperature: call.temperature } : {}),
            },
            { signal: requestSignal },
          );
          for await (const event of stream) for (const part of mapper.push(event)) push(part);
          if (!requestSignal.aborted) for (const part of mapper.finish()) push(part);
        },
      );
    },
  };
}
