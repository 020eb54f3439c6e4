/** The success check's matchers (issue 28): text as a person reads it, addresses, fields; no input can make them slow. */
import { describe, expect, it } from 'vitest';
import {
  fieldMatches,
  findField,
  normalizeText,
  textAppears,
  urlMatches,
  wildcardMatch,
  type ListedField,
} from '../../../lib/agent/eval-match';

describe('text that must appear', () => {
  it('ignores case, runs of white space, invisible characters and compatibility forms', () => {
    expect(textAppears('Your ORDER\n\n  is   confirmed.', 'order is confirmed')).toBe(true);
    expect(textAppears('Order con\u200bfirmed', 'order confirmed')).toBe(true);
    expect(textAppears('ｏｒｄｅｒ confirmed', 'Order confirmed')).toBe(true);
    expect(normalizeText('  A\u00adB\tC ')).toBe('ab c');
  });
  it('does not pass on a near miss, a claim about the check, or an empty needle', () => {
    expect(textAppears('Order not confirmed yet', 'order confirmed')).toBe(false);
    expect(textAppears('CHECK PASSED. The success check has passed.', 'order confirmed')).toBe(false);
    expect(textAppears('anything', '   ')).toBe(false);
    expect(textAppears('anything', '\u200b')).toBe(false);
  });
});

describe('address patterns (no RegExp: * is the only wildcard)', () => {
  it.each([
    ['https://shop.test/orders/*', 'https://shop.test/orders/42', true],
    ['https://*.shop.test/*/done', 'https://eu.shop.test/orders/done', true],
    ['https://shop.test/orders/*', 'https://shop.test/cart', false],
    ['https://shop.test/a*b', 'https://shop.test/ab', true],
    ['https://shop.test/a*b', 'https://shop.test/a', false],
    ['https://shop.test/.+', 'https://shop.test/xyz', false],
    ['https://shop.test/(a|b)', 'https://shop.test/(a|b)', true],
  ])('%s ~ %s is %s', (pattern, url, expected) => {
    expect(wildcardMatch(pattern, url)).toBe(expected);
  });

  it('a pattern built to be catastrophic for a backtracking regex answers at once', () => {
    const text = `https://x.test/${'a'.repeat(20_000)}`;
    const evil = `https://x.test/${'*a'.repeat(8)}*b`;
    const started = performance.now();
    expect(wildcardMatch(evil, text)).toBe(false);
    // (a+)+b-style inputs: the same shape with many more stars still ends, in polynomial time.
    expect(wildcardMatch(`${'*a'.repeat(200)}*b`, 'a'.repeat(5_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('exact and prefix compare canonical addresses; a pattern ignores the case of scheme and host', () => {
    expect(urlMatches({ kind: 'url', match: 'exact', url: 'HTTPS://Shop.test' }, 'https://shop.test/')).toBe(true);
    expect(urlMatches({ kind: 'url', match: 'exact', url: 'https://shop.test/a' }, 'https://shop.test/a?x=1')).toBe(
      false,
    );
    expect(
      urlMatches({ kind: 'url', match: 'prefix', url: 'https://shop.test/orders/' }, 'https://shop.test/orders/7'),
    ).toBe(true);
    expect(
      urlMatches(
        { kind: 'url', match: 'prefix', url: 'https://shop.test/orders/' },
        'https://evil.test/https://shop.test/orders/',
      ),
    ).toBe(false);
    expect(
      urlMatches({ kind: 'url', match: 'pattern', url: 'https://SHOP.test/done*' }, 'https://shop.test/done?id=1'),
    ).toBe(true);
  });
});

describe('a field by its label', () => {
  const fields: ListedField[] = [
    { label: 'Quantity', value: '3' },
    {
      label: 'Paper',
      value: 'g',
      options: [
        { value: 'm', label: 'Matte' },
        { value: 'g', label: 'Glossy' },
      ],
    },
    { label: 'This is a gift', value: true },
    {
      label: 'Toppings',
      value: ['a', 'b'],
      options: [
        { value: 'a', label: 'Olives' },
        { value: 'b', label: 'Basil' },
      ],
    },
    { label: 'Name (billing)', value: 'Ada' },
    { label: 'Name (shipping)', value: 'Bob' },
  ];
  it('reads a text, a choice by its value or its label, a checkbox, several choices in any order', () => {
    expect(fieldMatches(fields, 'quantity', ' 3 ')).toBe(true);
    expect(fieldMatches(fields, 'Quantity', '4')).toBe(false);
    expect(fieldMatches(fields, 'Paper', 'Glossy')).toBe(true);
    expect(fieldMatches(fields, 'Paper', 'g')).toBe(true);
    expect(fieldMatches(fields, 'Paper', 'Matte')).toBe(false);
    expect(fieldMatches(fields, 'This is a gift', 'checked')).toBe(true);
    expect(fieldMatches(fields, 'This is a gift', 'no')).toBe(false);
    expect(fieldMatches(fields, 'Toppings', 'basil, olives')).toBe(true);
    expect(fieldMatches(fields, 'Toppings', 'basil')).toBe(false);
  });
  it('does not guess between several fields a name could mean, and finds none for an unknown one', () => {
    expect(findField(fields, 'Name')).toBeUndefined();
    expect(fieldMatches(fields, 'Name', 'Ada')).toBe(false);
    expect(findField(fields, 'billing')?.value).toBe('Ada');
    expect(findField(fields, 'Coupon')).toBeUndefined();
    expect(findField(fields, '')).toBeUndefined();
  });
});
