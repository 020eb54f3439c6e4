/** The `openai` SDK client for a provider: the plain one, or the Azure one (deployment paths, api-version, `api-key`). */
import OpenAI, { AzureOpenAI } from 'openai';
import { DEFAULT_AZURE_API_VERSION } from '../core/provider-config';
import { ProviderError } from './provider-error';
import { t } from '../util/t';

/** The SDK's client options; shared with the connection test so both talk to the endpoint the same way. */
export function openAIClientOptions(o: {
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
}) {
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

export interface OpenAIClientTarget {
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Set for Azure OpenAI: the base URL is the resource endpoint and the model is the deployment's name. */
  azure?: { apiVersion: string };
}

export { DEFAULT_AZURE_API_VERSION } from '../core/provider-config';

export function createOpenAIClient(target: OpenAIClientTarget): OpenAI {
  const options = openAIClientOptions(target);
  if (!target.azure) return new OpenAI(options);
  if (!target.baseURL) {
    throw new ProviderError({ code: 'bad_request', message: t('prov_azure_needs_endpoint') });
  }
  if (!target.apiKey) throw new ProviderError({ code: 'auth', message: t('prov_azure_needs_key') });
  // The SDK appends /openai itself; accept an endpoint pasted with it.
  const endpoint = target.baseURL.replace(/\/+$/, '').replace(/\/openai$/, '');
  return new AzureOpenAI({
    endpoint,
    apiKey: target.apiKey,
    apiVersion: target.azure.apiVersion || DEFAULT_AZURE_API_VERSION,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    dangerouslyAllowBrowser: true,
  });
}
