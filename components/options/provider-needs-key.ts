import type { ProviderView } from '../../lib/core/provider-record';
import { providerPresets } from '../../lib/providers/provider-presets';

/**
 * Whether a saved provider cannot answer until a key is added: it has none, and it is a vendor's API (OpenAI,
 * Anthropic, Azure) or a known hosted service that needs one. A local or unknown compatible server may need
 * none, so it is not flagged. Providers come back from an import without keys: this is how Models asks.
 */
export function providerNeedsKey(p: Pick<ProviderView, 'kind' | 'baseUrl' | 'hasKey'>): boolean {
  if (p.hasKey) return false;
  if (p.kind === 'openai' || p.kind === 'anthropic' || p.kind === 'azure-openai') return true;
  return providerPresets.some(
    (preset) => preset.needsKey && preset.kind === p.kind && preset.baseUrl !== '' && preset.baseUrl === p.baseUrl,
  );
}
