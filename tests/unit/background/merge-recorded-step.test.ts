/** A recording's steps and the secret fields it left out: each field counted once. */
import { describe, expect, it } from 'vitest';
import { addSkippedField, mergeStep } from '../../../lib/background/merge-recorded-step';
import type { RecordingView } from '../../../lib/background/protocol';

const view: RecordingView = { tabId: 3, startUrl: 'https://shop.example/cart', steps: [], skipped: 0 };
const card = { role: 'textbox', name: 'Card number' };

describe('addSkippedField', () => {
  it('counts a field once, however often it is reported (typed into again, a message delivered twice)', () => {
    const once = addSkippedField(view, 'https://shop.example/cart?step=2', card);
    expect(once.skipped).toBe(1);
    const twice = addSkippedField(once, 'https://shop.example/cart?step=3#pay', card);
    // The same view: nothing to write.
    expect(twice).toBe(once);
    expect(twice.skipped).toBe(1);
  });

  it('counts other fields, the same name on another page, and a row apart', () => {
    let v = addSkippedField(view, 'https://shop.example/cart', card);
    v = addSkippedField(v, 'https://shop.example/cart', { role: 'textbox', name: 'One-time code' });
    v = addSkippedField(v, 'https://shop.example/checkout', card);
    v = addSkippedField(v, 'https://shop.example/cart', { ...card, row: 'Backup card' });
    v = addSkippedField(v, 'https://other.example/cart', card);
    expect(v.skipped).toBe(5);
    expect(v.skippedFields).toHaveLength(5);
    // Keys name the page and the field, never a value.
    expect(JSON.stringify(v.skippedFields)).not.toMatch(/\d{4}/);
  });

  it('tells fields apart by description alone when the sender has no address', () => {
    const v = addSkippedField(addSkippedField(view, undefined, card), 'not a url', card);
    expect(v.skipped).toBe(1);
  });

  it('stops counting at its cap rather than growing without end', () => {
    let v = view;
    for (let i = 0; i < 250; i++) v = addSkippedField(v, 'https://shop.example/', { role: 'textbox', name: `f${i}` });
    expect(v.skipped).toBe(200);
  });
});

describe('mergeStep', () => {
  const type = (value: string) => ({ action: 'type' as const, target: { role: 'textbox', name: 'Item' }, value });
  it('keeps one value per field typed in a row, and a repeated step once (a press twice)', () => {
    let steps = mergeStep([], type('M'));
    steps = mergeStep(steps, type('Milk'));
    steps = mergeStep(steps, { action: 'click', target: { role: 'button', name: 'Add' } });
    steps = mergeStep(steps, { action: 'click', target: { role: 'button', name: 'Add' } });
    steps = mergeStep(steps, { action: 'press', key: 'Enter' });
    steps = mergeStep(steps, { action: 'press', key: 'Enter' });
    expect(steps.map((s) => s.action)).toEqual(['type', 'click', 'press', 'press']);
    expect(steps[0]).toEqual(type('Milk'));
  });
});
