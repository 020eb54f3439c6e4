import { describe, expect, it } from 'vitest';
import { lazyRecord } from '../../../lib/util/lazy-record';

describe('lazyRecord', () => {
  it('builds each value on its first read only, and keeps it', () => {
    const built: string[] = [];
    const record = lazyRecord({
      a: () => (built.push('a'), { name: 'a' }),
      b: () => (built.push('b'), 2),
    });
    expect(built).toEqual([]);
    expect(Object.keys(record)).toEqual(['a', 'b']);
    const first = record.a;
    expect(record.a).toBe(first);
    expect(built).toEqual(['a']);
    expect(record.b).toBe(2);
    expect(built).toEqual(['a', 'b']);
  });

  it('cannot be changed, before or after a value is built', () => {
    const record = lazyRecord({ a: () => 1, b: () => 2 });
    void record.a;
    expect(() => Object.assign(record, { a: 5 })).toThrow();
    expect(() => Object.assign(record, { b: 5 })).toThrow();
    expect(record.a).toBe(1);
    expect(record.b).toBe(2);
  });
});
