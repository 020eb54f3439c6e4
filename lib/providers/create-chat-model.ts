/** Picks the adapter for a provider config (a stored instance or a draft). */
import type { ChatModel } from './chat-model';
import type { ProviderConfig } from './provider-config';
import { createAnthropicChatModel } from './anthropic-chat-model';
import { createOpenAIChatModel } from './openai-chat-model';

/** Options every adapter takes besides the provider itself. */
export interface ChatModelTuning {
  /** Silence after which a stream counts as stalled (default 20 s). */
  stallTimeoutMs?: number;
}

export function createChatModel(
  provider: Pick<ProviderConfig, 'kind' | 'baseUrl' | 'model'>,
  apiKey: string | undefined,
  fetchImpl?: typeof fetch,
  tuning: ChatModelTuning = {},
): ChatModel {
  if (provider.kind === 'anthropic') {
    return createAnthropicChatModel({ modelId: provider.model, apiKey, baseURL: provider.baseUrl, fetch: fetchImpl, ...tuning });
  }
  return createOpenAIChatModel({
    modelId: provider.model,
    apiKey,
    baseURL: provider.baseUrl,
    provider: provider.kind,
    fetch: fetchImpl,
    ...tuning,
  });
}
