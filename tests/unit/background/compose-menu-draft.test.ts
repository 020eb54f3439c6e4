import { describe, expect, it } from 'vitest';
import {
  MENU_ASK_SELECTION,
  MENU_FILL_FORM,
  MENU_SUMMARISE,
  composeMenuDraft,
  listMenuItems,
} from '../../../lib/background/compose-menu-draft';
import { MAX_DRAFT_CHARS, isPendingDraft } from '../../../lib/background/pending-draft';

describe('composeMenuDraft', () => {
  it('has the three items, each in the context it belongs to', () => {
    expect(listMenuItems().map((i) => [i.title, i.contexts])).toEqual([
      ['Ask Tabwise about the selection', ['selection']],
      ['Summarise this page', ['page', 'frame']],
      ['Fill this form with Tabwise', ['editable']],
    ]);
  });

  it('writes the request for each item', () => {
    expect(composeMenuDraft(MENU_SUMMARISE)).toBe('Summarise this page.');
    expect(composeMenuDraft(MENU_FILL_FORM)).toBe('Fill in the form on this page.');
    expect(composeMenuDraft(MENU_ASK_SELECTION, 'The mitochondria\nis the powerhouse')).toBe(
      'About this selection from the page:\n\n> The mitochondria\n> is the powerhouse\n\n',
    );
    expect(composeMenuDraft('someone-elses-item', 'x')).toBeNull();
  });

  it('removes what the user could not see in the selection, so what is sent is what is shown', () => {
    // A bidi override, zero-width characters, tag characters spelling a hidden word, and a control character.
    const hostile = 'pay\u202Eevil\u202C to\u200B bob\u{E0049}\u{E0047}\u{E004E}\u0007 now';
    expect(composeMenuDraft(MENU_ASK_SELECTION, hostile)).toBe(
      'About this selection from the page:\n\n> payevil to bob now\n\n',
    );
  });

  it('drops a selection that is empty once cleaned', () => {
    expect(composeMenuDraft(MENU_ASK_SELECTION, '\u200B\u200B  \n ')).toBeNull();
    expect(composeMenuDraft(MENU_ASK_SELECTION)).toBeNull();
  });

  it('caps a long selection, so the draft always fits a pending draft', () => {
    for (const selection of [
      'a'.repeat(100_000),
      'line\n'.repeat(20_000),
      '\n\n\nx'.repeat(10_000),
      '😀'.repeat(5_000),
    ]) {
      const text = composeMenuDraft(MENU_ASK_SELECTION, selection)!;
      expect(text.length).toBeLessThanOrEqual(MAX_DRAFT_CHARS);
      expect(text).toContain('…');
      expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(isPendingDraft({ tabId: 1, text, createdAt: 0 })).toBe(true);
    }
  });
});

describe('isPendingDraft', () => {
  it('accepts only the stored shape', () => {
    expect(isPendingDraft({ tabId: 3, text: 'Summarise this page.', createdAt: 5 })).toBe(true);
    for (const bad of [
      null,
      'text',
      { tabId: '3', text: 'x', createdAt: 1 },
      { tabId: 3.5, text: 'x', createdAt: 1 },
      { tabId: 3, text: '', createdAt: 1 },
      { tabId: 3, text: 'x'.repeat(MAX_DRAFT_CHARS + 1), createdAt: 1 },
      { tabId: 3, text: 'x', createdAt: Number.NaN },
      { tabId: 3, text: 5, createdAt: 1 },
    ]) {
      expect(isPendingDraft(bad)).toBe(false);
    }
  });
});
