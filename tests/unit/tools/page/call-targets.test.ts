import { describe, expect, it } from 'vitest';
import { destinationOf, namedBy, unlistedRefRefusal } from '../../../../lib/tools/page/call-targets';
import { formatActionPreview } from '../../../../lib/tools/page/format-action-preview';
import { formatActPreview } from '../../../../lib/tools/page/format-act-preview';
import { changedSinceApproved, identityChange, type ShownIdentity } from '../../../../lib/page/shown-identity';
import type { SnapshotSummary } from '../../../../lib/tools/page/page-target-store';

const PAGE = 'https://bank.example';
const summary: SnapshotSummary = {
  fieldKeys: ['e1'],
  writeOnlyKeys: ['e2'],
  buttons: [
    { key: 'e1', text: 'Note', kind: 'button' },
    { key: 'e3', text: 'Save draft', kind: 'button', form: 'r1' },
    { key: 'e4', text: 'Help', kind: 'link', action: `${PAGE}/help` },
  ],
  forms: [{ key: 'r1', label: 'Draft', action: `${PAGE}/saved`, method: 'post' }],
};
const button: ShownIdentity = {
  kind: 'element',
  ref: 'e3',
  role: 'button',
  name: 'Save draft',
  action: `${PAGE}/saved`,
  method: 'post',
};
const link: ShownIdentity = {
  kind: 'element',
  ref: 'e4',
  role: 'link',
  name: 'Help',
  href: 'https://evil.example/steal',
};

describe('refs the snapshot never listed', () => {
  it('refuses role names, payment-looking keys, made-up refs and a form key used as a button, naming each', () => {
    expect(unlistedRefRefusal('click', { key: 'role' }, summary)).toMatch(
      /^click refused: "role" is not an element the last page snapshot of this tab listed, so the user was not asked/,
    );
    expect(unlistedRefRefusal('fill_form', { updates: { e1: 'x', cc: '4111' } }, summary)).toMatch(
      /^fill_form refused: "cc" is not a field/,
    );
    expect(unlistedRefRefusal('type', { ref: 'e999', text: 'x' }, summary)).toMatch(/"e999" is not an element/);
    expect(unlistedRefRefusal('submit_form', { form: 'e3' }, summary)).toMatch(/"e3" is not a form/);
    expect(unlistedRefRefusal('fill_password', { ref: 'e1' }, summary)).toMatch(/"e1" is not an element/);
    expect(unlistedRefRefusal('press', { key: 'Enter', ref: 'r1' }, summary)).toMatch(/"r1" is not an element/);
    expect(unlistedRefRefusal('click', { key: 'e3' }, undefined)).toMatch(/"e3"/);
  });

  it('lets listed refs through (and a press on the focus, which names none)', () => {
    expect(unlistedRefRefusal('click', { key: 'e3' }, summary)).toBeUndefined();
    expect(unlistedRefRefusal('fill_form', { updates: { e1: 'x' } }, summary)).toBeUndefined();
    expect(unlistedRefRefusal('submit_form', { form: 'r1' }, summary)).toBeUndefined();
    expect(unlistedRefRefusal('fill_password', { ref: 'e2' }, summary)).toBeUndefined();
    expect(unlistedRefRefusal('press', { key: 'Enter' }, summary)).toBeUndefined();
  });
});

describe('what a call names and where it sends', () => {
  it('names refs, form keys and the focus', () => {
    expect(namedBy('click', { key: 'e3' })).toEqual({ refs: ['e3'] });
    expect(namedBy('submit_form', { form: 'r1' })).toEqual({ refs: [], forms: ['r1'] });
    expect(namedBy('fill_form', { updates: { a: 'x', b: true } })).toEqual({ refs: [], fields: ['a', 'b'] });
    expect(namedBy('press', { key: 'Enter' })).toEqual({ refs: [], focus: true });
  });

  it('a link goes to its href, a submit button and Enter in a field to the form action; typing sends nowhere', () => {
    expect(destinationOf('click', { key: 'e4' }, [link])).toEqual({ url: 'https://evil.example/steal' });
    expect(destinationOf('click', { key: 'e3' }, [button])).toEqual({ url: `${PAGE}/saved`, method: 'post' });
    const field: ShownIdentity = {
      kind: 'element',
      ref: 'e1',
      role: 'textbox',
      name: 'Note',
      action: `${PAGE}/saved`,
      method: 'post',
    };
    expect(destinationOf('click', { key: 'e1' }, [field])).toBeUndefined();
    expect(destinationOf('press', { key: 'Enter', ref: 'e1' }, [field])).toEqual({
      url: `${PAGE}/saved`,
      method: 'post',
    });
    expect(destinationOf('press', { key: 'Tab', ref: 'e1' }, [field])).toBeUndefined();
    expect(destinationOf('press', { key: 'Enter' }, [{ ...link, kind: 'focus', ref: '' }])).toEqual({
      url: 'https://evil.example/steal',
    });
    expect(destinationOf('type', { ref: 'e1', text: 'x' }, [field])).toBeUndefined();
    expect(
      destinationOf('fill_password', { ref: 'e2' }, [{ ...field, ref: 'e2', action: 'https://evil.example/collect' }]),
    ).toEqual({ url: 'https://evil.example/collect', method: 'post' });
  });
});

describe('what changed since the card', () => {
  it('says each difference, and nothing for the same element', () => {
    expect(identityChange(button, { ...button })).toBeUndefined();
    expect(identityChange(button, { ...button, name: 'Delete account' })).toBe('name "Save draft" → "Delete account"');
    expect(identityChange(link, { ...link, href: `${PAGE}/help` })).toBe(
      `link target "https://evil.example/steal" → "${PAGE}/help"`,
    );
    expect(identityChange(button, { ...button, role: 'link', action: 'https://evil.example/c' })).toBe(
      `role button → link, form destination POST ${PAGE}/saved → POST https://evil.example/c`,
    );
    expect(identityChange(button, undefined)).toBe('"e3" is gone');
    expect(changedSinceApproved(['name "Save draft" → "Delete account"'])).toBe(
      'Refused: the element changed since it was approved: name "Save draft" → "Delete account"; nothing was done. Call get_page_state again.',
    );
  });
});

describe('cards say where', () => {
  it("a click card shows what the page answered (not the snapshot's older words), and where it goes, marked when another site", () => {
    expect(formatActionPreview({ toolName: 'click', input: { key: 'e4' } }, summary, PAGE, [link]).split('\n')).toEqual(
      [
        'click',
        '  key: e4',
        '  link "Help"',
        '  goes to https://evil.example/steal (another site than the page)',
        `  on ${PAGE}`,
      ],
    );
    expect(
      formatActionPreview({ toolName: 'click', input: { key: 'e3' } }, summary, PAGE, [
        { ...button, name: 'Delete account' },
      ]).split('\n'),
    ).toEqual([
      'click',
      '  key: e3',
      '  button "Delete account"',
      `  submits form "Draft" (r1) to POST ${PAGE}/saved`,
      `  on ${PAGE}`,
    ]);
  });

  it("Enter in a field names the form's destination; Enter on the focused link names its href", () => {
    const field: ShownIdentity = {
      kind: 'element',
      ref: 'e1',
      role: 'textbox',
      name: 'Note',
      action: 'https://evil.example/c',
      method: 'post',
    };
    expect(
      formatActPreview({ action: 'press', key: 'Enter', ref: 'e1' }, summary, PAGE, {
        shown: [field],
        destination: 'https://evil.example/c',
      }).split('\n'),
    ).toEqual([
      'press',
      '  ref: e1',
      '  key: Enter',
      '  on textbox "Note"',
      '  submits the form to POST https://evil.example/c (another site than the page)',
      `  on ${PAGE}`,
    ]);
    expect(
      formatActPreview({ action: 'press', key: 'Enter' }, summary, PAGE, {
        shown: [{ ...link, kind: 'focus', ref: '', href: `${PAGE}/help` }],
        destination: `${PAGE}/help`,
      }).split('\n'),
    ).toEqual([
      'press',
      '  key: Enter',
      '  on whatever has the focus: link "Help"',
      `  goes to ${PAGE}/help`,
      `  on ${PAGE}`,
    ]);
  });
});
