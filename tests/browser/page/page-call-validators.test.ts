import { describe, expect, it } from 'vitest';
import { commandInputGuards } from '../../../lib/page/command-input-guards';
import { pageCallValidators } from '../../../lib/page/page-call-validators';

describe('commandInputGuards', () => {
  it('passes well-formed input through with its type, and treats missing input as none', () => {
    expect(commandInputGuards.read_page({ offset: 10, maxChars: 500 })).toEqual({ offset: 10, maxChars: 500 });
    expect(commandInputGuards.read_page(undefined)).toEqual({});
    expect(commandInputGuards.get_form_state({ ignored: 1 })).toEqual({});
    expect(commandInputGuards.fill_form({ updates: { a: 'x', b: true, c: ['1', '2'] } })).toEqual({
      updates: { a: 'x', b: true, c: ['1', '2'] },
    });
    expect(commandInputGuards.click({ key: 'next' })).toEqual({ key: 'next' });
    expect(commandInputGuards.submit_form({ form: 'signup' })).toEqual({ form: 'signup' });
    expect(commandInputGuards.preview({ keys: ['a'] })).toEqual({ keys: ['a'] });
    expect(commandInputGuards.undo({})).toEqual({});
  });

  it('names the path and what was expected when input is malformed', () => {
    expect(() => commandInputGuards.read_page({ offset: -1 })).toThrow(
      'Invalid arguments: offset must be an integer from 0 to',
    );
    expect(() => commandInputGuards.read_page({ maxChars: 200_001 })).toThrow(
      'maxChars must be an integer from 500 to 200000',
    );
    expect(() => commandInputGuards.read_page('x')).toThrow('input must be an object');
    expect(() => commandInputGuards.fill_form({})).toThrow('updates must be an object');
    expect(() => commandInputGuards.fill_form({ updates: { c: ['1', 2] } })).toThrow('updates.c[1] must be a string');
    expect(() => commandInputGuards.click({ key: 1 })).toThrow('key must be a string');
    expect(() => commandInputGuards.submit_form([])).toThrow('input must be an object');
    expect(() => commandInputGuards.preview({ keys: ['x'.repeat(501)] })).toThrow(
      'keys[0] must be a string of at most 500 characters',
    );
    expect(() => commandInputGuards.preview({ keys: Array.from({ length: 1001 }, () => 'k') })).toThrow(
      'keys must be a list of at most 1000 keys',
    );
  });
});

describe('pageCallValidators', () => {
  const base = { runId: 'r1', toolCallId: 't1', args: { key: 'k' } };

  it('reads a page call, and only the fields it knows', () => {
    expect(pageCallValidators.click.safeParse({ ...base, expectDocId: 'd1', extra: 1 })).toEqual({
      success: true,
      data: { runId: 'r1', toolCallId: 't1', args: { key: 'k' }, expectDocId: 'd1' },
    });
  });

  it("refuses what is not a page call, and arguments of the wrong shape with the guard's message", () => {
    for (const raw of [
      null,
      'click',
      { ...base, runId: '' },
      { ...base, toolCallId: 'x'.repeat(201) },
      { ...base, expectDocId: 5 },
    ]) {
      expect(pageCallValidators.click.safeParse(raw).success).toBe(false);
    }
    expect(pageCallValidators.click.safeParse({ ...base, args: { key: 1 } })).toEqual({
      success: false,
      error: { issues: [{ message: 'Invalid arguments: key must be a string' }] },
    });
  });
});
