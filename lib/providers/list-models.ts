/** "Test connection": list the endpoint's models through the same SDK that will chat with it. */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { ProviderConfig } from './provider-config';
import { anthropicClientOptions } from './anthropic-chat-model';
import { mapProviderError } from './map-provider-error';
import { openAIClientOptions } from './openai-chat-model';

export async function listModels(
  target: Pick<ProviderConfig, 'kind' | 'baseUrl'> & { apiKey?: string },
  signal?: AbortSignal,
): Promise<string[]> {
  try {
    const ids: string[] = [];
    const opts = { apiKey: target.apiKey, baseURL: target.baseUrl, maxRetries: 0 };
    if (target.kind === 'anthropic') {
      const client = new Anthropic(anthropicClientOptions(opts));
      for await (const m of client.models.list({}, { signal, timeout: 15_000 })) ids.push(m.id);
    } else {
      const client = new OpenAI(openAIClientOptions(opts));
      for await (const m of client.models.list({ signal, timeout: 15_000 })) ids.push(m.id);
    }
    return ids.sort();
  } catch (error) {
    const vendorHost = target.kind === 'anthropic' ? 'api.anthropic.com' : 'api.openai.com';
    throw mapProviderError(error, signal, { baseURL: target.baseUrl, vendorHost });
  }
}
