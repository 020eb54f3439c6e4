import { describe, expect, it } from 'vitest';
import { providerPresets } from '../../../lib/providers/provider-presets';
import { providerConfigSchema, providerInputSchema, providerKindSchema, providerTestSchema } from '../../../lib/providers/provider-config';

describe('provider config', () => {
  it('knows the three kinds and nothing else', () => {
    expect(providerKindSchema.options).toEqual(['openai', 'anthropic', 'openai-compatible']);
    expect(providerKindSchema.safeParse('gemini').success).toBe(false);
  });

  it('accepts every preset as a config once named and given a model', () => {
    for (const p of providerPresets) {
      const r = providerConfigSchema.safeParse({ kind: p.kind, name: p.label, baseUrl: p.baseUrl, model: p.model || 'some-model' });
      expect(r.success, p.id).toBe(true);
    }
  });

  it('trims the name and model and says what is missing', () => {
    const ok = providerInputSchema.parse({ kind: 'openai', name: '  Work  ', baseUrl: '', model: ' gpt-4.1-mini ', apiKey: 'sk-1' });
    expect(ok).toMatchObject({ name: 'Work', model: 'gpt-4.1-mini', apiKey: 'sk-1' });
    const bad = providerInputSchema.safeParse({ kind: 'openai', name: ' ', baseUrl: '', model: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Give the provider a name', 'Choose a model']);
  });

  it('takes an empty base URL or an http(s) one, nothing else', () => {
    const base = { kind: 'openai-compatible', name: 'Local', model: 'm' } as const;
    expect(providerConfigSchema.safeParse({ ...base, baseUrl: '' }).success).toBe(true);
    expect(providerConfigSchema.safeParse({ ...base, baseUrl: 'http://localhost:11434/v1' }).success).toBe(true);
    expect(providerConfigSchema.safeParse({ ...base, baseUrl: 'file:///etc/passwd' }).success).toBe(false);
    expect(providerTestSchema.safeParse({ kind: 'anthropic', baseUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
