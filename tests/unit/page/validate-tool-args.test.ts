import { describe, expect, it } from 'vitest';
import { validateToolArgs } from '../../../lib/page/validate-tool-args';
import { identityChange } from '../../../lib/page/shown-identity';

const schema = {
  type: 'object',
  properties: {
    q: { type: 'string', minLength: 2, maxLength: 5 },
    n: { type: 'integer', minimum: 1, maximum: 3 },
    sort: { type: 'string', enum: ['price', 'name'] },
    tags: { type: 'array', items: { type: 'string' } },
    opts: { type: 'object', properties: { fast: { type: 'boolean' } } },
  },
  required: ['q'],
};

describe('validateToolArgs', () => {
  it('accepts what fits and names each way what does not', () => {
    expect(validateToolArgs(schema, { q: 'tea', n: 2, sort: 'price', tags: ['a'], opts: { fast: true } })).toEqual([]);
    expect(validateToolArgs(schema, {})).toEqual(['arguments.q is required']);
    expect(validateToolArgs(schema, { q: 't', n: 1.5, sort: 'x', tags: [1], opts: { slow: 1 }, extra: 0 })).toEqual([
      'arguments.q must have at least 2 characters',
      'arguments.n must be integer',
      'arguments.sort must be one of "price", "name"',
      'arguments.tags[0] must be string',
      'arguments.opts.slow is not a parameter of this tool',
      'arguments.extra is not a parameter of this tool',
    ]);
    expect(validateToolArgs(schema, { q: 'toolong', n: 9 })).toEqual([
      'arguments.q must have at most 5 characters',
      'arguments.n must be ≤ 3',
    ]);
    expect(validateToolArgs(schema, [])).toEqual(['arguments must be an object']);
    // A schema with no properties takes none.
    expect(validateToolArgs({ type: 'object' }, { a: 1 })).toEqual(['arguments.a is not a parameter of this tool']);
  });
});

describe('identityChange of a page tool', () => {
  const tool = { kind: 'tool' as const, ref: 'checkout', role: 'tool', name: 'Places the order.', schema: '{}' };
  it('says what changed since the card, in words', () => {
    expect(identityChange(tool, tool)).toBeUndefined();
    expect(identityChange(tool, undefined)).toBe('the page no longer offers tool "checkout"');
    expect(identityChange(tool, { ...tool, name: 'x', schema: '{"a":1}', role: 'read-only tool' })).toBe(
      'tool "checkout": it is now a read-only tool, its description changed, its input schema changed',
    );
  });
});
