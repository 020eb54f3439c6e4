import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_SETTINGS, decideCapture } from '../../../lib/retrieval/privacy-policy';
import { passesLuhn, scrubSecrets, SECRET_MARKER } from '../../../lib/retrieval/ingest/scrub-secrets';

const page = (url: string, incognito = false) => ({ url, incognito });

describe('decideCapture', () => {
  it('indexes an ordinary article', () => {
    expect(decideCapture(page('https://en.wikipedia.org/wiki/Orama'))).toEqual({ index: true });
  });
  it('never indexes incognito, even when allowlisted', () => {
    const s = { ...DEFAULT_PRIVACY_SETTINGS, mode: 'allowlist' as const, allowedDomains: ['example.com'] };
    expect(decideCapture(page('https://example.com/a', true), s)).toEqual({ index: false, reason: 'incognito' });
  });
  it('respects pause', () => {
    expect(decideCapture(page('https://example.com/'), { ...DEFAULT_PRIVACY_SETTINGS, paused: true })).toMatchObject({
      reason: 'paused',
    });
  });
  it.each([
    'https://mail.google.com/mail/u/0/#inbox',
    'https://www.chase.com/personal',
    'https://vault.bitwarden.com/',
    'https://mychart.example-health.org/MyChart/',
    'https://shop.example.com/checkout?step=2',
    'https://example.com/login',
    'https://github.com/settings/profile',
    'https://onlinebanking.example.de/',
    'https://example.com/callback?code=abc&state=1',
  ])('denies %s by default', (url) => {
    expect(decideCapture(page(url))).toMatchObject({ index: false });
  });
  it('applies user domains (with subdomains) and patterns', () => {
    const s = {
      ...DEFAULT_PRIVACY_SETTINGS,
      deniedDomains: ['corp.example'],
      deniedPatterns: ['*://example.org/private/*', '/secret/i'],
    };
    expect(decideCapture(page('https://wiki.corp.example/x'), s)).toMatchObject({ reason: 'user-denylist' });
    expect(decideCapture(page('https://example.org/private/doc'), s)).toMatchObject({ reason: 'user-denylist' });
    expect(decideCapture(page('https://example.net/SECRET-plans'), s)).toMatchObject({ reason: 'user-denylist' });
    expect(decideCapture(page('https://example.org/public'), s)).toEqual({ index: true });
  });
  it('allowlist mode indexes only allowed pages and still applies the default denylist', () => {
    const s = {
      ...DEFAULT_PRIVACY_SETTINGS,
      mode: 'allowlist' as const,
      allowedDomains: ['developer.mozilla.org', 'github.com'],
    };
    expect(decideCapture(page('https://developer.mozilla.org/en-US/docs/Web'), s)).toEqual({ index: true });
    expect(decideCapture(page('https://news.ycombinator.com/'), s)).toMatchObject({ reason: 'not-allowlisted' });
    expect(decideCapture(page('https://github.com/login'), s)).toMatchObject({ reason: 'default-denylist' });
  });
  it('skips non-web pages', () => {
    expect(decideCapture(page('chrome://settings'))).toMatchObject({ reason: 'not-http' });
  });
});

describe('scrubSecrets', () => {
  it('checks Luhn', () => {
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
    expect(passesLuhn('4111 1111 1111 1112')).toBe(false);
  });
  it('replaces Luhn-valid card numbers with spaces or dashes, keeps other digit runs', () => {
    expect(scrubSecrets('card 4111 1111 1111 1111 ok')).toBe(`card ${SECRET_MARKER} ok`);
    expect(scrubSecrets('card 5500-0000-0000-0004.')).toBe(`card ${SECRET_MARKER}.`);
    expect(scrubSecrets('order 4111 1111 1111 1112 and phone 0201 555 0199')).toBe(
      'order 4111 1111 1111 1112 and phone 0201 555 0199',
    );
  });
  it('replaces IBANs, SSNs, API keys, JWTs and long hex secrets', () => {
    const text = [
      'IBAN DE89 3704 0044 0532 0130 00',
      'ssn 123-45-6789',
      'key sk-proj-abcdefghijklmnopqrstuvwx1234',
      'gh ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'aws AKIAIOSFODNN7EXAMPLE',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345',
      'secret 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ].join('\n');
    const out = scrubSecrets(text);
    expect(out).not.toMatch(/DE89|123-45-6789|sk-proj|ghp_|AKIA|eyJ|abcdefghijklmnopqrstuvwxyz012345|9f86d08/);
    expect(out).toContain('Bearer [redacted]');
    expect(out.split(SECRET_MARKER).length - 1).toBe(8);
  });
  it('leaves prose, dates, prices and short numbers alone', () => {
    const prose = 'On 2024-05-01 the price was $1,299.00 for 3 units; see RFC 9110 and ISBN 978-3-16-148410-0.';
    expect(scrubSecrets(prose)).toBe(prose);
  });
});
