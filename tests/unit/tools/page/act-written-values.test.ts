/** The data-flow gate sees what an action would write: typed text, like a fill's values; focus/hover/scroll write nothing. */
import { describe, expect, it } from 'vitest';
import { createActTools } from '../../../../lib/tools/page/act-tools';

const tools = createActTools({
  onPage: () => Promise.reject(new Error('not called')),
  locate: () => () => Promise.resolve(undefined),
  store: () => {
    throw new Error('not called');
  },
});
const byName = (name: string) => tools.find((t) => t.name === name)!;

describe('act tools: written values', () => {
  it('type reports the text it would type, under the element ref', () => {
    expect(byName('type').writtenValues?.({ ref: 'e7', text: 'ACCT-99417-ZQ' })).toEqual([
      { field: 'e7', value: 'ACCT-99417-ZQ' },
    ]);
  });
  it('select and set_value report the option or value they put in the page (an autocomplete option is free text); the read-only actions declare none', () => {
    expect(byName('select').writtenValues?.({ ref: 'e2', option: 'ACCT-99417-ZQ' })).toEqual([
      { field: 'e2', value: 'ACCT-99417-ZQ' },
    ]);
    expect(byName('set_value').writtenValues?.({ ref: 'e3', value: '482913' })).toEqual([
      { field: 'e3', value: '482913' },
    ]);
    for (const name of ['focus', 'hover', 'scroll']) expect(byName(name).writtenValues).toBeUndefined();
  });
});
