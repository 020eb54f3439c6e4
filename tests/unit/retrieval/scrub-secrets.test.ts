import { describe, expect, it } from 'vitest';
import { passesIbanCheck, scrubSecrets, scrubUrl, SECRET_MARKER } from '../../../lib/retrieval/ingest/scrub-secrets';
import { proseCases, secretCases, secretUrlCases } from '../../security/privacy-corpus';

describe('scrubSecrets over the privacy corpus', () => {
  it.each(secretCases)('$kind: the secret is gone, the marker is there', ({ text, secret }) => {
    const out = scrubSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(SECRET_MARKER);
  });
  // Captured pages reach the scrubber as Markdown, whose converter escapes every underscore (api\_key,
  // sk\_live\_…): the labels and vendor prefixes must still be recognised (the e2e privacy corpus found this).
  it.each(secretCases)('$kind, as Markdown with escaped underscores: the secret is gone', ({ text, secret }) => {
    const out = scrubSecrets(text.replace(/_/g, '\\_'));
    expect(out).not.toContain(secret);
    expect(out).not.toContain(secret.replace(/_/g, '\\_'));
    expect(out).toContain(SECRET_MARKER);
  });
  it.each(proseCases)('prose stays as it is: %s', (text) => {
    expect(scrubSecrets(text)).toBe(text);
  });
  it('keeps the label of a labelled secret, so the sentence still reads', () => {
    expect(scrubSecrets('password: hunter2!')).toBe(`password: ${SECRET_MARKER}`);
    expect(scrubSecrets('Your verification code is 482913.')).toBe(`Your verification code is ${SECRET_MARKER}.`);
  });
  it('checks IBANs by mod 97, in any case', () => {
    expect(passesIbanCheck('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(passesIbanCheck('de89370400440532013000')).toBe(true);
    expect(passesIbanCheck('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(scrubSecrets('IBAN DE88 3704 0044 0532 0130 00')).toContain('DE88');
  });
});

describe('scrubSecrets: card numbers and one-time codes in the UI languages', () => {
  it('redacts a Luhn-valid card number whatever the text around it says, and keeps a 16-digit order number', () => {
    expect(scrubSecrets('Karte: 4242 4242 4242 4242, danke')).toBe(`Karte: ${SECRET_MARKER}, danke`);
    expect(scrubSecrets('カード 4111-1111-1111-1111 です')).toBe(`カード ${SECRET_MARKER} です`);
    expect(scrubSecrets('Order 4242 4242 4242 4241 shipped')).toBe('Order 4242 4242 4242 4241 shipped');
  });
  it('redacts a one-time code after its German, Japanese or Chinese label', () => {
    for (const [text, label] of [
      ['Ihr Bestätigungscode lautet 482913.', 'Bestätigungscode lautet '],
      ['Einmalcode: 4829', 'Einmalcode: '],
      ['Ihre TAN: 551923', 'TAN: '],
      ['認証コードは482913です', '認証コードは'],
      ['确认码：482913', '确认码：'],
      ['您的验证码是 482913。', '验证码是 '],
    ] as const) {
      const out = scrubSecrets(text);
      expect(out, text).not.toMatch(/4829/);
      expect(out, text).toContain(label + SECRET_MARKER);
    }
  });
});

describe('scrubUrl', () => {
  it.each(secretUrlCases)('$kind: the secret is gone, the page is the same page', ({ url, secret }) => {
    const out = scrubUrl(url);
    expect(out).not.toContain(secret);
    expect(new URL(out).host).toBe(new URL(url).host);
    expect(new URL(out).pathname).toBe(new URL(url).pathname);
  });
  it('leaves ordinary URLs, routes and anchors alone', () => {
    for (const url of [
      'https://en.wikipedia.org/wiki/Orama?action=view',
      'https://app.example/#/inbox',
      'https://docs.example/guide#install',
    ]) {
      expect(scrubUrl(url)).toBe(url);
    }
  });
});
