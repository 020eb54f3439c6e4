/**
 * How Settings → Performance names what it measured: tools by the titles of their cards in the panel, models as
 * the panel's model switcher does (the provider's name and the model). The raw names stay beside them for
 * debugging.
 */
import type { ModelFigures } from '../../lib/agent/compute-latency-stats';
import type { ProviderView } from '../../lib/core/provider-record';
import { toolTitle } from '../ui/tool-title';

export interface FigureName {
  /** What the user reads. */
  label: string;
  /** What the records say (`read_page`, `openai-compatible/llama3.2`). */
  raw: string;
}

/** Vendors named by their kind alone, for records of a provider since deleted (or older than provider ids). */
const VENDOR_NAMES: Readonly<Record<string, string>> = { openai: 'OpenAI', anthropic: 'Anthropic' };

/** "Ollama (local) · llama3.2": the provider's name as Settings lists it and the model; the model alone when the provider is unknown. */
export function nameModelFigures(m: ModelFigures, providers: readonly Pick<ProviderView, 'id' | 'name'>[]): FigureName {
  const own = m.providerId === undefined ? undefined : providers.find((p) => p.id === m.providerId);
  const providerName = own?.name ?? VENDOR_NAMES[m.provider];
  return {
    label: providerName ? `${providerName} · ${m.modelId}` : m.modelId,
    raw: `${m.provider}/${m.modelId}`,
  };
}

/** "Read the page", with `read_page` kept as the raw name. */
export function nameToolFigures(toolName: string): FigureName {
  return { label: toolTitle(toolName), raw: toolName };
}
