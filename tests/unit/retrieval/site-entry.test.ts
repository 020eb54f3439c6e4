import { describe, expect, it } from 'vitest';
import { decideCapture } from '../../../lib/retrieval/privacy-policy';
import { DEFAULT_PRIVACY_SETTINGS } from '../../../lib/retrieval/privacy-policy';
import { parseSiteEntry } from '../../../lib/retrieval/site-entry';

describe('parseSiteEntry', () => {
  it.each([
    ['bank.example', 'bank.example'],
    ['https://Bank.Example/', 'bank.example'],
    ['http://bank.example:8443', 'bank.example'],
    ['*.bank.example', 'bank.example'],
    ['bank.example.', 'bank.example'],
    ['www.bank.example', 'bank.example'],
    ['user@bank.example', 'bank.example'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['BÜCHER.de.', 'xn--bcher-kva.de'],
    ['localhost', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
  ])('%s is the domain %s', (raw, domain) => {
    expect(parseSiteEntry(raw)).toEqual({ domain });
  });
  it('keeps patterns and regular expressions; a path narrows a domain to that part of the site', () => {
    expect(parseSiteEntry('https://mail.example/*')).toEqual({ pattern: 'https://mail.example/*' });
    expect(parseSiteEntry('/\\/account\\//i')).toEqual({ pattern: '/\\/account\\//i' });
    expect(parseSiteEntry('https://Shop.example/checkout')).toEqual({ pattern: '*://shop.example/checkout*' });
  });
  it.each([
    'not a site',
    'bank',
    'bank..example',
    '-bank.example',
    'bank_example.com',
    '/[unclosed/',
    'http://',
    '1.2.3',
    '*.',
  ])('%s is refused with a reason', (raw) => {
    expect(parseSiteEntry(raw)).toMatchObject({ invalid: raw, reason: expect.any(String) });
  });
  it('what it returns is what the privacy policy matches', () => {
    const denied = ['https://Bank.example/', '*.health.example.', 'bücher.de', 'https://shop.example/checkout'].map(
      parseSiteEntry,
    );
    const settings = {
      ...DEFAULT_PRIVACY_SETTINGS,
      deniedDomains: denied.flatMap((e) => ('domain' in e ? [e.domain] : [])),
      deniedPatterns: denied.flatMap((e) => ('pattern' in e ? [e.pattern] : [])),
    };
    const verdict = (url: string) => decideCapture({ url, incognito: false }, settings).index;
    expect(verdict('https://bank.example/accounts')).toBe(false);
    expect(verdict('https://my.health.example/x')).toBe(false);
    expect(verdict('https://xn--bcher-kva.de/buch')).toBe(false);
    expect(verdict('https://shop.example/checkout/pay')).toBe(false);
    expect(verdict('https://shop.example/catalogue')).toBe(true);
    expect(verdict('https://news.example/')).toBe(true);
  });
});
