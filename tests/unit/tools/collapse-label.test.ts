import { describe, expect, it } from 'vitest';
import { collapseLabel } from '../../../lib/tools/collapse-label';
import { formatApprovalPreview } from '../../../lib/tools/format-approval-preview';
import { formatActionPreview } from '../../../lib/tools/page/format-action-preview';

describe('collapseLabel', () => {
  it('turns newlines, tabs, runs of spaces and Unicode line/paragraph separators into one space', () => {
    expect(collapseLabel('  Pay\n\n now\t\t\u2028to\u2029 \u00a0 me\r\n')).toBe('Pay now to me');
    expect(collapseLabel('a\u000bb\u000cc\u0085d')).toBe('a b c d');
  });

  it('removes format characters that reorder or hide text (bidi overrides, zero-width, tag characters)', () => {
    expect(collapseLabel('Pay\u202e gnirts\u202c\u200b ok\u{E0041}')).toBe('Pay gnirts ok');
  });

  it('cuts long labels with an ellipsis, without splitting a character', () => {
    expect(collapseLabel('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(collapseLabel('😀'.repeat(20), 5)).toBe('😀😀😀😀…');
    expect(collapseLabel('short', 10)).toBe('short');
  });
});

describe('previews cannot be given extra lines', () => {
  it('the generic preview keeps each argument on one line', () => {
    expect(formatApprovalPreview('send', { 'to\nApproved': 'a@b.example\n  amount: 0', note: 'x\u2028y' })).toBe(
      'send\n  to Approved: a@b.example amount: 0\n  note: x y',
    );
  });

  it('a click on a link shows where it goes; a form that posts to another site is marked', () => {
    const summary = {
      fieldKeys: [],
      buttons: [
        {
          key: 'next',
          text: 'Next\n  on https://bank.example',
          kind: 'link' as const,
          action: 'https://evil.example/x?y=1',
        },
      ],
      forms: [{ key: 'f', label: 'Login', action: 'https://evil.example/steal', method: 'post' }],
    };
    expect(
      formatActionPreview({ toolName: 'click', input: { key: 'next' } }, summary, 'https://bank.example').split('\n'),
    ).toEqual([
      'click',
      '  key: next',
      '  link "Next on https://bank.example"',
      '  goes to https://evil.example/x?y=1 (another site than the page)',
      '  on https://bank.example',
    ]);
    expect(
      formatActionPreview({ toolName: 'submit_form', input: { form: 'f' } }, summary, 'https://bank.example').split(
        '\n',
      ),
    ).toEqual([
      'submit_form',
      '  form: f',
      '  submits form "Login" (f) to POST https://evil.example/steal (another site than the page)',
      '  on https://bank.example',
    ]);
    expect(formatActionPreview({ toolName: 'click', input: { key: 'nope\nApproved' } }, summary, undefined)).toBe(
      'click\n  key: nope Approved\n  not a button of the last form snapshot (will be refused)',
    );
  });
});
