/** Picks the adapter for a provider config (a stored instance or a draft), with what the catalog knows of its model. */
import type { ChatModel } from './chat-model';
import type { ProviderConfig } from '../core/provider-config';
import { createAnthropicChatModel } from './anthropic-chat-model';
import { createOpenAIChatModel } from './openai-chat-model';
import { DEFAULT_AZURE_API_VERSION } from './create-openai-client';
import { lookupModel } from './model-catalog';
import { createPromptApiChatModel } from './prompt-api-chat-model';
import { withModelInfo, type Refusal } from './with-model-info';

type ChatModelTarget = Pick<ProviderConfig, 'kind' | 'baseUrl' | 'model'> &
  Partial<Pick<ProviderConfig, 'apiVersion' | 'contextWindowTokens'>>;

/** Options every adapter takes besides the provider itself. */
export interface ChatModelTuning {
  /** Silence after which a stream counts as stalled (default 20 s). */
  stallTimeoutMs?: number;
}

// Endpoints and models whose server refused tools, or images, since the worker started: later runs start
// without them instead of spending a failed request each. Cleared with the worker, so a server that gains
// them is tried again.
const refused: Record<Refusal, Set<string>> = { tools: new Set(), images: new Set() };

function adapterFor(
  provider: ChatModelTarget,
  apiKey: string | undefined,
  fetchImpl: typeof fetch | undefined,
  tuning: ChatModelTuning,
): ChatModel {
  if (provider.kind === 'anthropic') {
    return createAnthropicChatModel({
      modelId: provider.model,
      apiKey,
      baseURL: provider.baseUrl,
      fetch: fetchImpl,
      ...tuning,
    });
  }
  if (provider.kind === 'chrome-builtin') return createPromptApiChatModel({ modelId: provider.model });
  return createOpenAIChatModel({
    modelId: provider.model,
    apiKey,
    baseURL: provider.baseUrl,
    provider: provider.kind,
    fetch: fetchImpl,
    ...(provider.kind === 'azure-openai'
      ? { azure: { apiVersion: provider.apiVersion || DEFAULT_AZURE_API_VERSION } }
      : {}),
    ...tuning,
  });
}

export function createChatModel(
  provider: ChatModelTarget,
  apiKey: string | undefined,
  fetchImpl?: typeof fetch,
  tuning: ChatModelTuning = {},
): ChatModel {
  const key = `${provider.kind} ${provider.baseUrl} ${provider.model}`;
  const info = { ...lookupModel(provider.model) };
  // The built-in model has no tool calling and is sent text only, whatever its id; a server that refused is believed.
  if (provider.kind === 'chrome-builtin' || refused.tools.has(key)) info.tools = false;
  if (provider.kind === 'chrome-builtin' || refused.images.has(key)) info.images = false;
  // What the endpoint reported (saved with the provider) beats the catalog's documentation.
  if (provider.contextWindowTokens) info.contextWindowTokens = provider.contextWindowTokens;
  return withModelInfo(adapterFor(provider, apiKey, fetchImpl, tuning), info, (what) => refused[what].add(key));
}
