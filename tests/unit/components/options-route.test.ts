import { describe, expect, it } from 'vitest';
import { optionsRoute } from '../../../components/options/options-route';

describe('optionsRoute', () => {
  it('options.html with no provider is the onboarding; with one, the settings', () => {
    expect(optionsRoute('', 0)).toBe('onboarding');
    expect(optionsRoute('', 2)).toBe('settings');
  });
  it('shows nothing until the providers are known, so neither view flashes', () => {
    expect(optionsRoute('', undefined)).toBe('loading');
  });
  it('a hash wins: #onboarding is the flow even with a provider; a section is the settings even with none', () => {
    expect(optionsRoute('#onboarding', 1)).toBe('onboarding');
    expect(optionsRoute('#onboarding', undefined)).toBe('onboarding');
    expect(optionsRoute('#privacy', 0)).toBe('settings');
    expect(optionsRoute('#models', undefined)).toBe('settings');
  });
});
