import { describe, expect, it } from 'vitest';
import { defaultProviderName } from '../../../components/options/onboarding/default-provider-name';

describe('defaultProviderName', () => {
  it('names a vendor by the vendor, or by the host it is reached through', () => {
    expect(defaultProviderName('openai', '')).toBe('OpenAI');
    expect(defaultProviderName('anthropic', '')).toBe('Anthropic');
    expect(defaultProviderName('openai', 'https://api.openai.com/v1')).toBe('OpenAI');
    expect(defaultProviderName('anthropic', 'https://proxy.example.com')).toBe('Anthropic (proxy.example.com)');
  });

  it('names an OpenAI-compatible server by its host, and says which local server a known port is', () => {
    expect(defaultProviderName('openai-compatible', 'http://localhost:11434/v1')).toBe('localhost:11434 (Ollama)');
    expect(defaultProviderName('openai-compatible', 'http://127.0.0.1:1234/v1')).toBe('127.0.0.1:1234 (LM Studio)');
    expect(defaultProviderName('openai-compatible', 'https://openrouter.ai/api/v1')).toBe('openrouter.ai');
    expect(defaultProviderName('openai-compatible', 'https://www.example.com:8443/v1')).toBe('example.com:8443');
    // A known port on another machine says nothing about what runs there.
    expect(defaultProviderName('openai-compatible', 'https://gpu.example.com:11434/v1')).toBe('gpu.example.com:11434');
  });

  it('never falls back to "Other OpenAI-compatible"', () => {
    expect(defaultProviderName('openai-compatible', '')).toBe('OpenAI-compatible server');
    expect(defaultProviderName('openai-compatible', 'not a url')).toBe('OpenAI-compatible server');
  });
});
