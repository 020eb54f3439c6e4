/**
 * Starting points for the provider form and onboarding: the user can edit every field. A preset's label and
 * hint are read when shown (getters over t()), so they are in the user's language; vendor names, and the
 * vendor's own pages and menus where a key is created, stay as the vendor writes them.
 */
import type { ProviderConfig } from '../core/provider-config';
import { t } from '../util/t';

export interface ProviderPreset extends Pick<ProviderConfig, 'kind' | 'baseUrl' | 'model'> {
  id: string;
  readonly label: string;
  needsKey: boolean;
  readonly hint: string;
  /** Azure OpenAI: the api-version the form starts with. */
  apiVersion?: string;
}

export const providerPresets: ProviderPreset[] = [
  {
    id: 'openai',
    label: 'OpenAI',
    kind: 'openai',
    baseUrl: '',
    model: 'gpt-4.1-mini',
    needsKey: true,
    get hint() {
      return t('prov_hint_create_key', 'platform.openai.com → API keys');
    },
  },
  {
    id: 'anthropic',
    label: 'Anthropic',
    kind: 'anthropic',
    baseUrl: '',
    model: 'claude-sonnet-4-5',
    needsKey: true,
    get hint() {
      return t('prov_hint_create_key', 'console.anthropic.com → API keys');
    },
  },
  {
    id: 'ollama',
    get label() {
      return t('prov_preset_local', 'Ollama');
    },
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:11434/v1',
    model: 'llama3.2',
    needsKey: false,
    get hint() {
      return t('prov_hint_ollama');
    },
  },
  {
    id: 'lmstudio',
    get label() {
      return t('prov_preset_local', 'LM Studio');
    },
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:1234/v1',
    model: '',
    needsKey: false,
    get hint() {
      return t('prov_hint_lmstudio');
    },
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    kind: 'openai-compatible',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4o-mini',
    needsKey: true,
    get hint() {
      return t('prov_hint_create_key', 'openrouter.ai/keys');
    },
  },
  {
    id: 'gemini',
    label: 'Google Gemini',
    kind: 'openai-compatible',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    model: 'gemini-2.5-flash',
    needsKey: true,
    get hint() {
      return t('prov_hint_gemini');
    },
  },
  {
    id: 'azure-openai',
    label: 'Azure OpenAI',
    kind: 'azure-openai',
    baseUrl: '',
    model: '',
    apiVersion: '2024-10-21',
    needsKey: true,
    get hint() {
      return t('prov_hint_azure');
    },
  },
  {
    id: 'groq',
    label: 'Groq',
    kind: 'openai-compatible',
    baseUrl: 'https://api.groq.com/openai/v1',
    model: 'llama-3.3-70b-versatile',
    needsKey: true,
    get hint() {
      return t('prov_hint_create_key', 'console.groq.com/keys');
    },
  },
  {
    id: 'mistral',
    label: 'Mistral',
    kind: 'openai-compatible',
    baseUrl: 'https://api.mistral.ai/v1',
    model: 'mistral-large-latest',
    needsKey: true,
    get hint() {
      return t('prov_hint_create_key', 'console.mistral.ai → API keys');
    },
  },
  {
    id: 'deepseek',
    label: 'DeepSeek',
    kind: 'openai-compatible',
    baseUrl: 'https://api.deepseek.com/v1',
    model: 'deepseek-chat',
    needsKey: true,
    get hint() {
      return t('prov_hint_create_key', 'platform.deepseek.com → API keys');
    },
  },
  {
    id: 'xai',
    label: 'xAI (Grok)',
    kind: 'openai-compatible',
    baseUrl: 'https://api.x.ai/v1',
    model: 'grok-4',
    needsKey: true,
    get hint() {
      return t('prov_hint_create_key', 'console.x.ai');
    },
  },
  {
    id: 'chrome-builtin',
    get label() {
      return t('prov_preset_builtin');
    },
    kind: 'chrome-builtin',
    baseUrl: '',
    model: 'gemini-nano',
    needsKey: false,
    get hint() {
      return t('prov_hint_builtin');
    },
  },
  {
    id: 'custom',
    get label() {
      return t('prov_preset_custom');
    },
    kind: 'openai-compatible',
    baseUrl: '',
    model: '',
    needsKey: false,
    get hint() {
      return t('prov_hint_custom');
    },
  },
];

/** How many presets the provider form offers (the `connected` bench reports it as `providers=N`). */
export const providerPresetCount = providerPresets.length;
