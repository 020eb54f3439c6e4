/** "Test connection": list the endpoint's models through the same SDK that will chat with it. */
import Anthropic from '@anthropic-ai/sdk';
import type { ProviderConfig } from '../core/provider-config';
import { anthropicClientOptions } from './anthropic-chat-model';
import { createOpenAIClient, DEFAULT_AZURE_API_VERSION } from './create-openai-client';
import { describeBuiltinModel } from './describe-builtin-model';
import { mapProviderError } from './map-provider-error';
import { ProviderError } from './provider-error';
import { readReportedLimits, type ReportedLimits } from './read-reported-limits';

type ListTarget = Pick<ProviderConfig, 'kind' | 'baseUrl'> & { apiKey?: string; apiVersion?: string };

export async function listModels(target: ListTarget, signal?: AbortSignal): Promise<string[]> {
  return (await listModelsWithLimits(target, signal)).models;
}

/** The endpoint's models, and the limits it reports for them (by id) where it reports any. */
export async function listModelsWithLimits(
  target: ListTarget,
  signal?: AbortSignal,
): Promise<{ models: string[]; reported: Record<string, ReportedLimits> }> {
  const reported: Record<string, ReportedLimits> = {};
  try {
    if (target.kind === 'chrome-builtin') {
      // No endpoint to ask: Chrome says whether its one model can run here.
      const status = await describeBuiltinModel();
      if (status.availability === 'missing' || status.availability === 'unavailable')
        throw new ProviderError({ code: 'not_found', message: status.message });
      return { models: ['gemini-nano'], reported };
    }
    const ids: string[] = [];
    const opts = { apiKey: target.apiKey, baseURL: target.baseUrl, maxRetries: 0 };
    if (target.kind === 'anthropic') {
      const client = new Anthropic(anthropicClientOptions(opts));
      for await (const m of client.models.list({}, { signal, timeout: 15_000 })) ids.push(m.id);
    } else {
      const azure =
        target.kind === 'azure-openai' ? { apiVersion: target.apiVersion || DEFAULT_AZURE_API_VERSION } : undefined;
      const client = createOpenAIClient({ ...opts, azure });
      for await (const m of client.models.list({ signal, timeout: 15_000 })) {
        ids.push(m.id);
        const limits = readReportedLimits(m);
        if (limits) reported[m.id] = limits;
      }
    }
    return { models: ids.sort(), reported };
  } catch (error) {
    const vendorHost = target.kind === 'anthropic' ? 'api.anthropic.com' : 'api.openai.com';
    throw mapProviderError(error, signal, { baseURL: target.baseUrl, vendorHost });
  }
}
