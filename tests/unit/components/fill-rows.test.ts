/** A fill as a person reads it: the page's labels and fieldsets, options by their label, dates in words, and only real differences noted. */
import { describe, expect, it } from 'vitest';
import type { RunPart } from '../../../lib/core/run-part';
import {
  describeFill,
  fillLabels,
  formBefore,
  groupFillRows,
  pageDisowns,
} from '../../../components/sidepanel/cards/describe-fill';
import { describeFormState } from '../../../components/sidepanel/cards/describe-form-state';
import { sameFieldValue, showFieldValue, showReadBack } from '../../../components/sidepanel/cards/show-field-value';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;
const tool = (toolName: string, over: Partial<ToolPart> = {}): ToolPart => ({
  kind: 'tool',
  toolCallId: toolName,
  toolName,
  status: 'done',
  ...over,
});

const countries = [
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
];
const plans = [
  { value: 'free', label: 'Free' },
  { value: 'pro', label: 'Pro, 5 € a month' },
];
const formState = {
  fields: [
    { key: 'fullName', label: 'Full name', type: 'text', value: '', required: true, group: 'About you' },
    { key: 'birthday', label: 'Birthday', type: 'date', value: '', required: false, group: 'About you' },
    { key: 'country', label: 'Country', type: 'select', value: 'DE', options: countries, required: false },
    { key: 'plan', label: 'Plan', type: 'radio', value: 'free', options: plans, required: false, group: 'Your plan' },
    { key: 'news', label: 'Send me the newsletter', type: 'checkbox', value: false, required: false },
  ],
  buttons: [],
  forms: [],
};
const state = tool('get_form_state', { result: { value: formState, untrusted: 'page_content' } });

describe('the pending fill, as the page shows its fields', () => {
  const updates = { news: true, plan: 'pro', country: 'France', birthday: '1815-12-10', fullName: 'Ada', admin: 'x' };
  const pending = tool('fill_form', { status: 'awaiting-approval', input: { updates } });

  it('rows in the page order, labelled as the page labels them, options by their label and dates in words', () => {
    const rows = describeFill(pending, [state, pending]);
    expect(rows.map((r) => [r.label, r.group, r.before, r.after])).toEqual([
      ['Full name', 'About you', '(empty)', 'Ada'],
      ['Birthday', 'About you', '(empty)', 'Dec 10, 1815'],
      ['Country', undefined, 'Germany', 'France'],
      ['Plan', 'Your plan', 'Free', 'Pro, 5 € a month'],
      ['Send me the newsletter', undefined, 'unchecked', 'checked'],
      // A key the form does not have comes last, marked so (it will not be written).
      ['admin', undefined, undefined, 'x'],
    ]);
    expect(rows.at(-1)!.unknown).toBe(true);
    // No row names a field by its key when the page gave it a label.
    expect(rows.slice(0, -1).map((r) => r.label)).not.toContain('fullName');
  });

  it('groups runs of rows as the fieldsets do', () => {
    const runs = groupFillRows(describeFill(pending, [state, pending]));
    expect(runs.map((r) => [r.group, r.rows.map((x) => x.key)])).toEqual([
      ['About you', ['fullName', 'birthday']],
      [undefined, ['country']],
      ['Your plan', ['plan']],
      [undefined, ['news', 'admin']],
    ]);
    // A radio group the fieldset's legend labels (no group of its own) sits under that legend.
    const radio = { key: 'speed', label: 'Delivery', after: 'Express' };
    const date = { key: 'on', label: 'Deliver on', group: 'Delivery', after: 'Dec 24, 2026' };
    expect(groupFillRows([radio, date]).map((r) => [r.group, r.rows.length])).toEqual([['Delivery', 2]]);
  });

  it('labels by key for the Undo line', () => {
    expect(fillLabels(pending, [state, pending]).get('fullName')).toBe('Full name');
  });

  it('the form-state card shows a select and a radio by the option a person sees', () => {
    const fields = describeFormState(formState)!.fields;
    expect(fields.find((f) => f.key === 'country')!.value).toBe('Germany');
    expect(fields.find((f) => f.key === 'plan')!.value).toBe('Free');
  });
});

describe('what the page read back', () => {
  const country = { type: 'select', options: countries };

  it('says nothing when the page only normalised the value', () => {
    const done = tool('fill_form', {
      input: { updates: { country: 'germany', birthday: '1815-12-10', fullName: 'Ada  Lovelace ' } },
      result: {
        value: {
          written: [
            { key: 'country', value: 'DE' },
            { key: 'birthday', value: '1815-12-10' },
            { key: 'fullName', value: 'Ada Lovelace' },
          ],
          ignored: [],
          failed: [],
        },
      },
    });
    expect(describeFill(done, [state, done]).map((r) => r.note)).toEqual([undefined, undefined, undefined]);
    expect(sameFieldValue('de', 'DE', country)).toBe(true);
    expect(sameFieldValue('Germany', 'DE', country)).toBe(true);
    expect(sameFieldValue('7', '7.0', { type: 'number' })).toBe(true);
  });

  it('names the option the page chose, with its value, when it differs from what was asked', () => {
    const done = tool('fill_form', {
      input: { updates: { country: 'France' } },
      result: { value: { written: [{ key: 'country', value: 'DE' }], ignored: [], failed: [] } },
    });
    expect(describeFill(done, [state, done])[0]!.note).toBe('the page shows Germany (DE)');
    expect(sameFieldValue('France', 'DE', country)).toBe(false);
    expect(showReadBack('DE', country)).toBe('Germany (DE)');
    expect(showReadBack('Ada', { type: 'text' })).toBe('Ada');
  });

  it('shows dates, times and months in words, and leaves what is not one as it is', () => {
    expect(showFieldValue('2026-11-23T09:30', { type: 'datetime-local' })).toBe('Nov 23, 2026, 9:30 AM');
    expect(showFieldValue('09:30', { type: 'time' })).toBe('9:30 AM');
    expect(showFieldValue('2026-11', { type: 'month' })).toBe('November 2026');
    expect(showFieldValue('next Tuesday', { type: 'date' })).toBe('next Tuesday');
    expect(showFieldValue(['DE', 'FR'], { type: 'select-multiple', options: countries })).toBe('Germany, France');
  });
});

describe('page text on the waiting card', () => {
  it('shows labels, legends and option labels without the characters a person cannot see', () => {
    const hostile = {
      fields: [
        {
          key: 'to',
          label: 'Pay\u202e\u200b to',
          type: 'select',
          value: 'a',
          options: [
            { value: 'a', label: 'Alice\u{E0041}' },
            { value: 'b', label: 'Bob\u200d' },
          ],
          required: false,
          group: 'Pay\u2066ment',
        },
      ],
      buttons: [],
      forms: [],
    };
    const read = tool('get_form_state', { result: { value: hostile, untrusted: 'page_content' } });
    const fill = tool('fill_form', { status: 'awaiting-approval', input: { updates: { to: 'b' } } });
    expect(describeFill(fill, [read, fill])).toEqual([
      { key: 'to', label: 'Pay to', group: 'Payment', before: 'Alice', after: 'Bob' },
    ]);
  });
});

describe('the form as it stands before a fill', () => {
  const first = tool('fill_form', {
    toolCallId: 'first',
    input: { updates: { fullName: 'Ada' } },
    result: { value: { written: [{ key: 'fullName', value: 'Ada' }], ignored: [], failed: [] } },
  });
  const second = tool('fill_form', {
    toolCallId: 'second',
    status: 'awaiting-approval',
    input: { updates: { fullName: 'Ada Lovelace', country: 'FR' } },
  });

  it("counts what the run's earlier fills wrote as the old values", () => {
    const { fields, current } = formBefore(second, [state, first, second]);
    expect(current).toBe(true);
    expect(describeFill(second, [state, first, second]).map((r) => [r.label, r.before, r.after])).toEqual([
      ['Full name', 'Ada', 'Ada Lovelace'],
      ['Country', 'Germany', 'France'],
    ]);
    expect(fields.get('fullName')!.raw).toBe('Ada');
  });

  it('is not current once something else may have changed the page (then the approval shows the worker’s reading)', () => {
    const click = tool('click', { toolCallId: 'c' });
    expect(formBefore(second, [state, click, second]).current).toBe(false);
    const deniedClick = tool('click', { toolCallId: 'c', status: 'denied' });
    expect(formBefore(second, [state, deniedClick, second]).current).toBe(true);
    const subAgent = tool('delegate', { toolCallId: 'd', nested: [tool('navigate')] });
    expect(formBefore(second, [state, subAgent, second]).current).toBe(false);
    // A click before the form was read changes nothing the card shows.
    expect(formBefore(second, [click, state, second]).current).toBe(true);
  });
});

describe("the worker's reading of the page", () => {
  const fields = new Map([['fullName', {}]]);
  it('disowns the form the run read when it finds no field for one of its keys', () => {
    const input = { updates: { fullName: 'Ada', admin: 'x' } };
    const gone = 'fill_form\n  fullName: not a field of the form (will be ignored)\n  on https://b.example';
    const here =
      'fill_form\n  Full name (fullName): (empty) → "Ada"\n  admin: not a field of the form (will be ignored)';
    expect(pageDisowns(gone, input, fields)).toBe(true);
    // A key the run's form never had is expected to be missing: the table says so itself.
    expect(pageDisowns(here, input, fields)).toBe(false);
  });
});
