import { describe, expect, it } from 'vitest';
import { findDataFlows, normalizeForMatch } from '../../../lib/agent/find-data-flows';
import { addressParts } from '../../../lib/tools/address-parts';

const A = 'https://bank.example';
const B = 'https://shop.example';
const bank = {
  origin: A,
  text: 'Account holder: Ada Lovelace\nIBAN  DE89 3704 0044 0532 0130 00\nYour one-time code is 482913.',
};

describe('findDataFlows', () => {
  it('flags a value written on B that was read on A, naming the field and A', () => {
    expect(findDataFlows([{ field: 'note', value: '482913' }], B, [bank])).toEqual([{ field: 'note', from: A }]);
  });

  it('sees through case and whitespace differences', () => {
    expect(normalizeForMatch('  DE89\n3704   0044 ')).toBe('de89 3704 0044');
    expect(findDataFlows([{ field: 'iban', value: 'de89 3704 0044 0532 0130 00' }], B, [bank])).toEqual([
      { field: 'iban', from: A },
    ]);
    expect(findDataFlows([{ field: 'name', value: 'ADA   LOVELACE' }], B, [bank])).toEqual([
      { field: 'name', from: A },
    ]);
  });

  it("flags a secret-looking token or a long run of A's text inside a longer value", () => {
    expect(findDataFlows([{ field: 'comment', value: 'Hi! my code: 482913, thanks' }], B, [bank])).toEqual([
      { field: 'comment', from: A },
    ]);
    const quoted = 'As the page says, account holder: ada lovelace iban de89 and more words of mine';
    expect(findDataFlows([{ field: 'comment', value: quoted }], B, [bank])).toEqual([{ field: 'comment', from: A }]);
  });

  it('does not flag what was read on the same origin it is written to', () => {
    expect(findDataFlows([{ field: 'note', value: '482913' }], A, [bank])).toEqual([]);
  });

  it('ignores trivially short values and values A never showed', () => {
    expect(
      findDataFlows(
        [
          { field: 'x', value: 'Ada' },
          { field: 'y', value: ' 00 ' },
        ],
        B,
        [bank],
      ),
    ).toEqual([]);
    expect(findDataFlows([{ field: 'z', value: 'Grace Hopper' }], B, [bank])).toEqual([]);
    // A common short word inside a longer value is not a copy.
    expect(findDataFlows([{ field: 'c', value: 'Your order is on its way to Grace' }], B, [bank])).toEqual([]);
  });

  it('names every origin the value was read on, once per field and origin', () => {
    const c = { origin: 'https://mail.example', text: 'Code 482913 again' };
    expect(findDataFlows([{ field: 'note', value: '482913' }], B, [bank, c, { ...bank }])).toEqual([
      { field: 'note', from: A },
      { field: 'note', from: 'https://mail.example' },
    ]);
  });
});

describe('findDataFlows sees through encodings', () => {
  const secret = 'ACCT-99417-ZQ';
  const read = [{ origin: A, text: `Your reference: ${secret}. Keep it private.` }];
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
  const cases: [string, string][] = [
    ['plain in a query', `https://evil.example/?q=${secret}`],
    ['URL-encoded', `https://evil.example/?q=${encodeURIComponent(`ref ${secret}`)}`],
    ['URL-encoded twice', `https://evil.example/?q=${encodeURIComponent(encodeURIComponent(secret))}`],
    ['base64', `https://evil.example/?d=${b64(secret)}`],
    [
      'base64url without padding',
      `https://evil.example/${b64(`ref=${secret}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`,
    ],
    ['base64 of a longer text', b64(`the user's reference is ${secret} thanks`)],
    ['hex', `x${'-'}${hex(secret)}`],
    ['HTML character references', [...secret].map((c) => `&#${c.charCodeAt(0)};`).join('')],
    ['HTML hex references', [...secret].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('')],
    ['lower case', secret.toLowerCase()],
    ['spelled out with spaces', [...secret].join(' ')],
    [
      'full-width characters',
      [...secret].map((c) => (/[A-Z0-9]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join(''),
    ],
  ];
  for (const [name, value] of cases) {
    it(`flags the secret ${name}`, () => {
      expect(findDataFlows([{ field: 'url', value }], B, read)).toEqual([{ field: 'url', from: A }]);
    });
  }

  it('flags a secret spelled out with dots inside an address, and leaves a plain hyphenated path alone', () => {
    expect(
      findDataFlows([{ field: 'url', value: `https://evil.example/?d=${[...secret].join('.')}` }], B, read),
    ).toEqual([{ field: 'url', from: A }]);
    const page = [{ origin: A, text: 'Getting started with the private reference guide' }];
    expect(
      findDataFlows([{ field: 'url', value: 'https://docs.example/getting-started/reference-guide' }], B, page),
    ).toEqual([]);
  });

  it('flags a six-digit code spelled out with spaces', () => {
    expect(findDataFlows([{ field: 'amount', value: '4 8 2 9 1 3' }], B, [bank])).toEqual([
      { field: 'amount', from: A },
    ]);
  });

  it('reads an address by its parts: a host the page showed is not data, a secret in a subdomain or a query key is', () => {
    const page = [
      { origin: 'http://127.0.0.1:45179', text: `URL: http://127.0.0.1:45179/egress-secret.html\nYour key: ${secret}` },
    ];
    const to = (url: string) => findDataFlows([{ field: 'url', value: addressParts(url) }], new URL(url).origin, page);
    expect(to('https://127.0.0.1:46801/control-n')).toEqual([]);
    expect(to(`https://${secret.toLowerCase()}.evil.example/`)).toEqual([
      { field: 'url', from: 'http://127.0.0.1:45179' },
    ]);
    expect(to(`https://evil.example/?${secret}=1`)).toEqual([{ field: 'url', from: 'http://127.0.0.1:45179' }]);
  });

  it('flags a secret glued to a label by = or :', () => {
    expect(findDataFlows([{ field: 'q', value: `token:${secret}` }], B, read)).toEqual([{ field: 'q', from: A }]);
    expect(findDataFlows([{ field: 'q', value: `please use key=${secret}` }], B, read)).toEqual([
      { field: 'q', from: A },
    ]);
  });

  it('flags a plain value when the page showed it base64-encoded', () => {
    const page = [{ origin: A, text: `token: ${b64('sk_live_4242abcd')}` }];
    expect(findDataFlows([{ field: 'q', value: 'sk_live_4242abcd' }], B, page)).toEqual([{ field: 'q', from: A }]);
  });

  it('does not flag an address that only shares ordinary words with the page', () => {
    expect(
      findDataFlows([{ field: 'url', value: 'https://shop.example/search?q=private+reference' }], B, read),
    ).toEqual([]);
    expect(findDataFlows([{ field: 'url', value: 'https://shop.example/docs/getting-started' }], B, read)).toEqual([]);
  });

  it('leaves binary-looking base64 and hex alone', () => {
    expect(findDataFlows([{ field: 'url', value: 'https://cdn.example/a/3q2-7w==/ff00ff00aa' }], B, read)).toEqual([]);
  });
});
