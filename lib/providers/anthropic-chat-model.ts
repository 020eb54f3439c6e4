/** ChatModel over the official `@anthropic-ai/sdk` (Messages API). */
import Anthropic from '@anthropic-ai/sdk';
import type { ChatCall, ChatModel, ModelStreamPart } from './chat-model';
import { createAnthropicStreamMapper } from './anthropic-stream-mapper';
import { mapAnthropicMessages, mapAnthropicSystem, mapAnthropicTools } from './map-anthropic-messages';
import { mapProviderError } from './map-provider-error';
import { observeRetries } from './observe-retries';
import { AsyncQueue } from '../util/async-queue';

export interface AnthropicChatModelOptions {
  modelId: string;
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
}

const DEFAULT_MAX_TOKENS = 4096;

/** Client options shared with the connection test. */
export function anthropicClientOptions(o: { apiKey?: string; baseURL?: string; maxRetries?: number; fetch?: typeof fetch }) {
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
      const queue = new AsyncQueue<ModelStreamPart>();
      const base = anthropicClientOptions({ ...options, maxRetries });
      const client = new Anthropic({
        ...base,
        fetch: observeRetries(base.fetch, maxRetries, (n) => queue.push({ type: 'retry', ...n })),
      });
      const mapper = createAnthropicStreamMapper();
      const budget = call.reasoning?.budgetTokens;
      const maxTokens = Math.max(call.maxOutputTokens ?? DEFAULT_MAX_TOKENS, budget ? budget + 1024 : 0);
      void (async () => {
        try {
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
            { signal },
          );
          for await (const event of stream) for (const part of mapper.push(event)) queue.push(part);
          if (signal.aborted) throw signal.reason;
          for (const part of mapper.finish()) queue.push(part);
          queue.end();
        } catch (error) {
          queue.fail(mapProviderError(error, signal));
        }
      })();
      yield* queue;
    },
  };
}
