/** ChatModel over the official `openai` SDK: OpenAI itself and every OpenAI-compatible endpoint. */
import type { ChatCall, ChatModel, ModelStreamPart } from './chat-model';
import { mapOpenAIMessages, mapOpenAITools } from './map-openai-messages';
import { createOpenAIClient, openAIClientOptions } from './create-openai-client';
import type { ModelInfo } from './model-catalog';
import { createOpenAIStreamMapper } from './openai-stream-mapper';
import { streamThroughSdk } from './stream-through-sdk';

export interface OpenAIChatModelOptions {
  modelId: string;
  apiKey?: string;
  baseURL?: string;
  provider?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Azure OpenAI: its api-version (the model id is the deployment's name). */
  azure?: { apiVersion: string };
  /** What the catalog knows about the model. */
  info?: ModelInfo;
  /** Silence after which the stream counts as stalled (default 20 s). */
  stallTimeoutMs?: number;
}

// Moved beside the client factory; re-exported for the callers that import it from here.
export { openAIClientOptions } from './create-openai-client';

export function createOpenAIChatModel(options: OpenAIChatModelOptions): ChatModel {
  const maxRetries = options.maxRetries ?? 2;
  return {
    provider: options.provider ?? 'openai',
    modelId: options.modelId,
    ...(options.info ? { info: options.info } : {}),
    async *stream(call: ChatCall, signal: AbortSignal): AsyncIterable<ModelStreamPart> {
      const base = openAIClientOptions({ ...options, maxRetries });
      const isReasoningModel = !!call.reasoning?.effort;
      const endpoint = { baseURL: options.baseURL, vendorHost: 'api.openai.com' };
      yield* streamThroughSdk(
        { ...base, endpoint, stallTimeoutMs: options.stallTimeoutMs },
        signal,
        async (fetch, push, requestSignal) => {
          const client = createOpenAIClient({ ...options, maxRetries, fetch });
          const mapper = createOpenAIStreamMapper();
          const stream = await client.chat.completions.create(
            {
              model: options.modelId,
              messages: mapOpenAIMessages(call),
              tools: mapOpenAITools(call),
              stream: true,
              stream_options: { include_usage: true },
              ...(call.maxOutputTokens
                ? isReasoningModel
                  ? { max_completion_tokens: call.maxOutputTokens }
                  : { max_tokens: call.maxOutputTokens }
                : {}),
              ...(call.temperature !== undefined && !isReasoningModel ? { temperature: call.temperature } : {}),
              ...(isReasoningModel ? { reasoning_effort: call.reasoning!.effort } : {}),
            },
            { signal: requestSignal },
          );
          for await (const chunk of stream) for (const part of mapper.push(chunk)) push(part);
          if (!requestSignal.aborted) for (const part of mapper.finish()) push(part);
        },
      );
    },
  };
}
