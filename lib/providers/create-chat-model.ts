/** Picks the adapter for a provider config (a stored instance or a draft). */
import type { ChatModel } from './chat-model';
import type { ProviderConfig } from './provider-config';
import { createAnthropicChatModel } from './anthropic-chat-model';
import { createOpenAIChatModel } from './openai-chat-model';

export function createChatModel(provider: Pick<ProviderConfig, 'kind' | 'baseUrl' | 'model'>, apiKey: string | undefined, fetchImpl?: typeof fetch): ChatModel {
  if (provider.kind === 'anthropic') {
    return createAnthropicChatModel({ modelId: provider.model, apiKey, baseURL: provider.baseUrl, fetch: fetchImpl });
  }
  return createOpenAIChatModel({
    modelId: provider.model,
    apiKey,
    baseURL: provider.baseUrl,
    provider: provider.kind,
    fetch: fetchImpl,
  });
}
