/** The success check a task carries (issue 28): what the form and an import may set, validated in the worker. */
import { describe, expect, it } from 'vitest';
import { evalCheckSchema, isUrlPattern } from '../../../lib/core/eval-check';
import { savedTaskSchema } from '../../../lib/core/saved-task';

const task = { id: 't1', kind: 'prompt', name: 'order', instruction: 'Order', createdAt: 1, updatedAt: 2 };

describe('success checks', () => {
  it.each([
    { kind: 'text', where: 'answer', text: 'Order confirmed' },
    { kind: 'text', where: 'page', text: 'Thank you' },
    { kind: 'field', field: 'Quantity', value: '3' },
    { kind: 'field', field: 'Coupon', value: '' },
    { kind: 'url', match: 'exact', url: 'https://shop.test/done' },
    { kind: 'url', match: 'prefix', url: 'https://shop.test/orders/' },
    { kind: 'url', match: 'pattern', url: 'https://*.shop.test/orders/*' },
  ])('accepts %j', (check) => {
    expect(evalCheckSchema.safeParse(check).success).toBe(true);
    expect(savedTaskSchema.parse({ ...task, check }).check).toEqual(check);
  });

  it.each([
    { kind: 'text', where: 'answer', text: '   ' },
    { kind: 'text', where: 'model', text: 'x' },
    { kind: 'field', field: '', value: '3' },
    { kind: 'url', match: 'exact', url: 'javascript:alert(1)' },
    { kind: 'url', match: 'exact', url: 'https://user:pw@shop.test/' },
    { kind: 'url', match: 'exact', url: 'https://shop.test/*' },
    { kind: 'url', match: 'prefix', url: 'shop.test' },
    { kind: 'url', match: 'pattern', url: '*' },
    { kind: 'url', match: 'pattern', url: 'javascript:*' },
    { kind: 'url', match: 'pattern', url: `https://x.test/${'*a'.repeat(9)}` },
    { kind: 'url', match: 'regex', url: 'https://x.test/(a+)+b' },
    { kind: 'judge', prompt: 'Did it work?' },
  ])('refuses %j', (check) => {
    expect(evalCheckSchema.safeParse(check).success).toBe(false);
    expect(savedTaskSchema.safeParse({ ...task, check }).success).toBe(false);
  });

  it('a task without a check is still a task', () => {
    expect(savedTaskSchema.parse(task).check).toBeUndefined();
  });

  it('an address pattern is an http(s) address once each * is a letter, with at most 8 of them', () => {
    expect(isUrlPattern('https://shop.test/*')).toBe(true);
    expect(isUrlPattern(`https://shop.test/${'*'.repeat(8)}`)).toBe(true);
    expect(isUrlPattern(`https://shop.test/${'*'.repeat(9)}`)).toBe(false);
    expect(isUrlPattern('*://shop.test/')).toBe(false);
  });
});
