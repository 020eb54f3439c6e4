/** Starting points for the provider form: the user can edit every field. */
import type { ProviderConfig } from './provider-config';

export interface ProviderPreset extends Pick<ProviderConfig, 'kind' | 'baseUrl' | 'model'> {
  id: string;
  label: string;
  needsKey: boolean;
  hint: string;
}

export const providerPresets: ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', kind: 'openai', baseUrl: '', model: 'gpt-4.1-mini', needsKey: true, hint: 'Create a key at platform.openai.com → API keys.' },
  { id: 'anthropic', label: 'Anthropic', kind: 'anthropic', baseUrl: '', model: 'claude-sonnet-4-5', needsKey: true, hint: 'Create a key at console.anthropic.com → API keys.' },
  { id: 'ollama', label: 'Ollama (local)', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'llama3.2', needsKey: false, hint: 'Start Ollama with OLLAMA_ORIGINS=chrome-extension://* so it accepts the extension.' },
  { id: 'lmstudio', label: 'LM Studio (local)', kind: 'openai-compatible', baseUrl: 'http://localhost:1234/v1', model: '', needsKey: false, hint: 'Start the server in LM Studio\'s Developer tab, then test the connection to list models.' },
  { id: 'openrouter', label: 'OpenRouter', kind: 'openai-compatible', baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini', needsKey: true, hint: 'Create a key at openrouter.ai/keys.' },
  { id: 'custom', label: 'Other OpenAI-compatible', kind: 'openai-compatible', baseUrl: '', model: '', needsKey: false, hint: 'Any server that speaks the OpenAI Chat Completions API.' },
];
