/**
 * The recorder in the page, with real (trusted) input from Playwright: a secret field is reported with its
 * description and never its value, each time it is left after typing; the worker counts it once
 * (merge-recorded-step.ts, tests/unit/background/merge-recorded-step.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { startRecorder } from '../../../lib/page/record-steps';
import type { RecorderInput } from '../../../lib/page/record-message';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
});

function setUp(html: string) {
  document.body.innerHTML = html;
  const sent: RecorderInput[] = [];
  stop = startRecorder(document, (input) => sent.push(input));
  return sent;
}

const form = `
  <label for="pw">Password</label><input id="pw" type="password" autocomplete="current-password">
  <label for="card">Card number</label><input id="card" autocomplete="cc-number">
  <label for="item">New item</label><input id="item">
  <button type="button">Add item</button>`;
const el = (id: string) => document.getElementById(id)!;
const card = { role: 'textbox', name: 'Card number' };

describe('the recorder and secret fields', () => {
  it('gives a password step without its value and reports the card field once, by its description', async () => {
    const sent = setUp(form);
    await userEvent.click(el('pw'));
    await userEvent.keyboard('hunter2-secret');
    await userEvent.click(el('card'));
    await userEvent.keyboard('4111111111111111');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(el('item'));
    await userEvent.keyboard('Milk');
    await userEvent.keyboard('{Enter}');
    expect(sent).toEqual([
      { step: { action: 'password', target: { role: 'textbox', name: 'Password' } } },
      { skipped: 'card', target: card },
      { step: { action: 'press', key: 'Enter' } },
      { step: { action: 'type', target: { role: 'textbox', name: 'New item' }, value: 'Milk' } },
      { step: { action: 'press', key: 'Enter', target: { role: 'textbox', name: 'New item' } } },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/hunter2|4111/);
  });

  it('reports the same card field each time it is typed into and left: the one field the worker counts once', async () => {
    const sent = setUp(form);
    await userEvent.click(el('card'));
    await userEvent.keyboard('4111');
    await userEvent.click(el('item'));
    await userEvent.keyboard('Milk');
    // Back into the card field for the rest of the number, then out with a click on the button.
    await userEvent.click(el('card'));
    await userEvent.keyboard('111111111111');
    await userEvent.click(document.querySelector('button')!);
    const skips = sent.filter((s) => 'skipped' in s);
    expect(skips).toEqual([
      { skipped: 'card', target: card },
      { skipped: 'card', target: card },
    ]);
    expect(sent.filter((s) => 'step' in s).map((s) => ('step' in s ? s.step.action : ''))).toEqual(['type', 'click']);
  });
});
