/** ChatModel over the official `openai` SDK: OpenAI itself and every OpenAI-compatible endpoint. */
import OpenAI from 'openai';
import type { ChatCall, ChatModel, ModelStreamPart } from './chat-model';
import { mapOpenAIMessages, mapOpenAITools } from './map-openai-messages';
import { createOpenAIStreamMapper } from './openai-stream-mapper';
import { streamThroughSdk } from './stream-through-sdk';

export interface OpenAIChatModelOptions {
  modelId: string;
  apiKey?: string;
  baseURL?: string;
  provider?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Silence after which the stream counts as stalled (default 20 s). */
  stallTimeoutMs?: number;
}

/** The SDK's client options; shared with the connection test so both talk to the endpoint the same way. */
export function openAIClientOptions(o: { apiKey?: string; baseURL?: string; maxRetries?: number; fetch?: typeof fetch }) {
  return {
    // Local servers (Ollama, LM Studio) need no key; the SDK insists on one, so send none at all.
    apiKey: o.apiKey || 'no-key',
    ...(o.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    baseURL: o.baseURL || undefined,
    maxRetries: o.maxRetries ?? 2,
    fetch: o.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    // Only the background service worker constructs clients; keys never reach a page.
    dangerouslyAllowBrowser: true,
  };
}

export function createOpenAIChatModel(options: OpenAIChatModelOptions): ChatModel {
  const maxRetries = options.maxRetries ?? 2;
  return {
    provider: options.provider ?? 'openai',
    modelId: options.modelId,
    async *stream(call: ChatCall, signal: AbortSignal): AsyncIterable<ModelStreamPart> {
      const base = openAIClientOptions({ ...options, maxRetries });
      const isReasoningModel = !!call.reasoning?.effort;
      const endpoint = { baseURL: options.baseURL, vendorHost: 'api.openai.com' };
      yield* streamThroughSdk({ ...base, endpoint, stallTimeoutMs: options.stallTimeoutMs }, signal, async (fetch, push, requestSignal) => {
        const client = new OpenAI({ ...base, fetch });
        const mapper = createOpenAIStreamMapper();
        const stream = await client.chat.completions.create(
          {
            model: options.modelId,
            messages: mapOpenAIMessages(call),
            tools: mapOpenAITools(call),
            stream: true,
            stream_options: { include_usage: true },
            ...(call.maxOutputTokens ? (isReasoningModel ? { max_completion_tokens: call.maxOutputTokens } : { max_tokens: call.maxOutputTokens }) : {}),
            ...(call.temperature !== undefined && !isReasoningModel ? { temperature: call.temperature } : {}),
            ...(isReasoningModel ? { reasoning_effort: call.reasoning!.effort } : {}),
          },
          { signal: requestSignal },
        );
        for await (const chunk of stream) for (const part of mapper.push(chunk)) push(part);
        if (!requestSignal.aborted) for (const part of mapper.finish()) push(part);
      });
    },
  };
}
