/** Starting points for the provider form: the user can edit every field. */
import type { ProviderConfig } from './provider-config';

export interface ProviderPreset extends Pick<ProviderConfig, 'kind' | 'baseUrl' | 'model'> {
  id: string;
  label: string;
  needsKey: boolean;
  hint: string;
  /** Azure OpenAI: the api-version the form starts with. */
  apiVersion?: string;
}

export const providerPresets: ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', kind: 'openai', baseUrl: '', model: 'gpt-4.1-mini', needsKey: true, hint: 'Create a key at platform.openai.com → API keys.' },
  { id: 'anthropic', label: 'Anthropic', kind: 'anthropic', baseUrl: '', model: 'claude-sonnet-4-5', needsKey: true, hint: 'Create a key at console.anthropic.com → API keys.' },
  { id: 'ollama', label: 'Ollama (local)', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'llama3.2', needsKey: false, hint: 'Start Ollama on this computer (ollama serve) and pull a model; Tabwise lets itself in, no OLLAMA_ORIGINS needed.' },
  { id: 'lmstudio', label: 'LM Studio (local)', kind: 'openai-compatible', baseUrl: 'http://localhost:1234/v1', model: '', needsKey: false, hint: 'Start the server in LM Studio\'s Developer tab, then test the connection to list models.' },
  { id: 'openrouter', label: 'OpenRouter', kind: 'openai-compatible', baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini', needsKey: true, hint: 'Create a key at openrouter.ai/keys.' },
  { id: 'gemini', label: 'Google Gemini', kind: 'openai-compatible', baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai', model: 'gemini-2.5-flash', needsKey: true, hint: 'Create a key at aistudio.google.com → Get API key. Uses Gemini\'s OpenAI-compatible endpoint.' },
  { id: 'azure-openai', label: 'Azure OpenAI', kind: 'azure-openai', baseUrl: '', model: '', apiVersion: '2024-10-21', needsKey: true, hint: 'Base URL is your resource endpoint (https://RESOURCE.openai.azure.com); Model is your deployment\'s name; the key is under Keys and Endpoint.' },
  { id: 'groq', label: 'Groq', kind: 'openai-compatible', baseUrl: 'https://api.groq.com/openai/v1', model: 'llama-3.3-70b-versatile', needsKey: true, hint: 'Create a key at console.groq.com/keys.' },
  { id: 'mistral', label: 'Mistral', kind: 'openai-compatible', baseUrl: 'https://api.mistral.ai/v1', model: 'mistral-large-latest', needsKey: true, hint: 'Create a key at console.mistral.ai → API keys.' },
  { id: 'deepseek', label: 'DeepSeek', kind: 'openai-compatible', baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat', needsKey: true, hint: 'Create a key at platform.deepseek.com → API keys.' },
  { id: 'xai', label: 'xAI (Grok)', kind: 'openai-compatible', baseUrl: 'https://api.x.ai/v1', model: 'grok-4', needsKey: true, hint: 'Create a key at console.x.ai.' },
  { id: 'chrome-builtin', label: 'Chrome built-in (Gemini Nano)', kind: 'chrome-builtin', baseUrl: '', model: 'gemini-nano', needsKey: false, hint: 'Runs on this computer in Chrome itself, no key. Plain chat only: it cannot use tools or read the page.' },
  { id: 'custom', label: 'Other OpenAI-compatible', kind: 'openai-compatible', baseUrl: '', model: '', needsKey: false, hint: 'Any server that speaks the OpenAI Chat Completions API.' },
];

/** How many presets the provider form offers (the `connected` bench reports it as `providers=N`). */
export const providerPresetCount = providerPresets.length;
