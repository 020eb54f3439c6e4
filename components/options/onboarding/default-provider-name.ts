/** The name a new provider gets unless the user types one: the vendor, or the host it talks to. */
import { isLoopbackHost, type ProviderKind } from '../../../lib/core/provider-config';
import { t } from '../../ui/t';

/** Well-known local servers, by their default port, so "localhost:11434" also says what it is. */
const LOCAL_SERVERS: Record<string, string> = {
  '11434': 'Ollama',
  '1234': 'LM Studio',
  '8080': 'llama.cpp',
  '8000': 'vLLM',
};

export function defaultProviderName(kind: ProviderKind, baseUrl: string): string {
  const url = URL.canParse(baseUrl.trim()) ? new URL(baseUrl.trim()) : null;
  if (kind === 'openai' && !url) return 'OpenAI';
  if (kind === 'anthropic' && !url) return 'Anthropic';
  if (!url) return t('provider_default_name_compatible');
  const local = isLoopbackHost(url.hostname) ? LOCAL_SERVERS[url.port] : undefined;
  const host = url.host.replace(/^www\./, '');
  const vendor = kind === 'openai' ? 'OpenAI' : kind === 'anthropic' ? 'Anthropic' : undefined;
  // A vendor at its own address is just the vendor; at another address (a proxy), the host says which.
  if (vendor) return host === 'api.openai.com' || host === 'api.anthropic.com' ? vendor : `${vendor} (${host})`;
  return local ? `${host} (${local})` : host;
}
