import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerPresets } from '../../../lib/providers/provider-presets';
import {
  isLoopbackHost,
  plainHttpRule,
  providerConfigSchema,
  providerInputSchema,
  providerKindSchema,
  providerTestSchema,
} from '../../../lib/core/provider-config';
import { inGerman } from './in-german';

describe('provider config', () => {
  it('knows its five kinds and nothing else', () => {
    expect(providerKindSchema.options).toEqual([
      'openai',
      'anthropic',
      'openai-compatible',
      'azure-openai',
      'chrome-builtin',
    ]);
    expect(providerKindSchema.safeParse('gemini').success).toBe(false);
  });

  it('accepts every preset as a config once named and given a model', () => {
    for (const p of providerPresets) {
      const r = providerConfigSchema.safeParse({
        kind: p.kind,
        name: p.label,
        baseUrl: p.baseUrl,
        model: p.model || 'some-model',
      });
      expect(r.success, p.id).toBe(true);
    }
  });

  it('takes an Azure api-version and a context window only in their shapes', () => {
    const base = {
      kind: 'azure-openai',
      name: 'Azure',
      baseUrl: 'https://r.openai.azure.com',
      model: 'deployment',
    } as const;
    expect(providerConfigSchema.safeParse({ ...base, apiVersion: '2024-10-21' }).success).toBe(true);
    expect(providerConfigSchema.safeParse({ ...base, apiVersion: '2025-04-01-preview' }).success).toBe(true);
    expect(providerConfigSchema.safeParse({ ...base, apiVersion: 'latest&x=1' }).success).toBe(false);
    expect(providerConfigSchema.safeParse({ ...base, contextWindowTokens: 8192 }).success).toBe(true);
    expect(providerConfigSchema.safeParse({ ...base, contextWindowTokens: 10 }).error?.issues[0]?.message).toBe(
      'At least 1,000 tokens',
    );
    expect(providerConfigSchema.safeParse({ ...base, contextWindowTokens: 1.5e3 + 0.5 }).success).toBe(false);
  });

  it('trims the name and model and says what is missing', () => {
    const ok = providerInputSchema.parse({
      kind: 'openai',
      name: '  Work  ',
      baseUrl: '',
      model: ' gpt-4.1-mini ',
      apiKey: 'sk-1',
    });
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

  it('allows plain http only for this computer, and says so', () => {
    const base = { kind: 'openai-compatible', name: 'Local', model: 'm' } as const;
    for (const baseUrl of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8080',
      'http://127.8.9.10/v1',
      'http://[::1]:1234/v1',
      'https://api.example.com/v1',
    ]) {
      expect(providerConfigSchema.safeParse({ ...base, baseUrl }).success, baseUrl).toBe(true);
    }
    for (const baseUrl of [
      'http://api.example.com/v1',
      'http://localhost.evil.example/',
      'http://10.0.0.5:8080/v1',
      'http://128.0.0.1/',
    ]) {
      const r = providerConfigSchema.safeParse({ ...base, baseUrl });
      expect(r.success, baseUrl).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([plainHttpRule()]);
    }
    expect(providerTestSchema.safeParse({ kind: 'openai', baseUrl: 'http://api.example.com' }).success).toBe(false);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
  });

  describe("in the user's language", () => {
    afterEach(() => vi.restoreAllMocks());

    it('says what is wrong in the locale, with numbers as it writes them', () => {
      inGerman();
      const base = { kind: 'openai-compatible', name: 'Local', model: 'm' } as const;
      expect(
        providerConfigSchema.safeParse({ ...base, baseUrl: '', contextWindowTokens: 10 }).error?.issues[0]?.message,
      ).toBe('Mindestens 1.000 Tokens');
      expect(
        providerConfigSchema
          .safeParse({ ...base, baseUrl: 'http://api.example.com/v1' })
          .error?.issues.map((i) => i.message),
      ).toEqual([
        'Unverschlüsseltes http ist nur für diesen Computer erlaubt (localhost, 127.x.x.x, [::1]); verwenden Sie für jeden anderen Host https.',
      ]);
      expect(
        providerConfigSchema.safeParse({ ...base, baseUrl: 'file:///etc/passwd' }).error?.issues[0]?.message,
      ).toMatch(/^Geben Sie eine vollständige http\(s\)-URL ein/);
    });
  });
});
