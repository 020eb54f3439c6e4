import { describe, expect, it } from 'vitest';
import { providerNeedsKey } from '../../../components/options/provider-needs-key';

describe('providerNeedsKey', () => {
  it('a vendor API or a known hosted service without a key needs one', () => {
    expect(providerNeedsKey({ kind: 'openai', baseUrl: '', hasKey: false })).toBe(true);
    expect(providerNeedsKey({ kind: 'anthropic', baseUrl: '', hasKey: false })).toBe(true);
    expect(providerNeedsKey({ kind: 'azure-openai', baseUrl: 'https://r.openai.azure.com', hasKey: false })).toBe(true);
    expect(
      providerNeedsKey({ kind: 'openai-compatible', baseUrl: 'https://openrouter.ai/api/v1', hasKey: false }),
    ).toBe(true);
  });
  it('one with a key, a local server or an unknown compatible server does not', () => {
    expect(providerNeedsKey({ kind: 'openai', baseUrl: '', hasKey: true })).toBe(false);
    expect(providerNeedsKey({ kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', hasKey: false })).toBe(
      false,
    );
    expect(providerNeedsKey({ kind: 'openai-compatible', baseUrl: 'https://llm.example/v1', hasKey: false })).toBe(
      false,
    );
    expect(providerNeedsKey({ kind: 'chrome-builtin', baseUrl: '', hasKey: false })).toBe(false);
  });
});
