/** "Test connection": list the endpoint's models through the same SDK that will chat with it. */
import Anthropic from '@anthropic-ai/sdk';
import type { ProviderConfig } from './provider-config';
import { anthropicClientOptions } from './anthropic-chat-model';
import { createOpenAIClient, DEFAULT_AZURE_API_VERSION } from './create-openai-client';
import { describeBuiltinModel } from './describe-builtin-model';
import { mapProviderError } from './map-provider-error';
import { ProviderError } from './provider-error';

export async function listModels(
  target: Pick<ProviderConfig, 'kind' | 'baseUrl'> & { apiKey?: string; apiVersion?: string },
  signal?: AbortSignal,
): Promise<string[]> {
  try {
    if (target.kind === 'chrome-builtin') {
      // No endpoint to ask: Chrome says whether its one model can run here.
      const status = await describeBuiltinModel();
      if (status.availability === 'missing' || status.availability === 'unavailable') throw new ProviderError({ code: 'not_found', message: status.message });
      return ['gemini-nano'];
    }
    const ids: string[] = [];
    const opts = { apiKey: target.apiKey, baseURL: target.baseUrl, maxRetries: 0 };
    if (target.kind === 'anthropic') {
      const client = new Anthropic(anthropicClientOptions(opts));
      for await (const m of client.models.list({}, { signal, timeout: 15_000 })) ids.push(m.id);
    } else {
      const azure = target.kind === 'azure-openai' ? { apiVersion: target.apiVersion || DEFAULT_AZURE_API_VERSION } : undefined;
      const client = createOpenAIClient({ ...opts, azure });
      for await (const m of client.models.list({ signal, timeout: 15_000 })) ids.push(m.id);
    }
    return ids.sort();
  } catch (error) {
    throw mapProviderError(error, signal);
  }
}
