/** Picks the adapter for a stored provider instance. */
import type { ChatModel } from './chat-model';
import type { ProviderView } from '../storage/records';
import { createAnthropicChatModel } from './anthropic-chat-model';
import { createOpenAIChatModel } from './openai-chat-model';

export function createChatModel(provider: ProviderView, apiKey: string | undefined, fetchImpl?: typeof fetch): ChatModel {
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
