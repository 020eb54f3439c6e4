import { afterEach, describe, expect, it } from 'vitest';
import { Allowlist } from '../../../lib/page/allowlist';
import { drawScreenshotMasks } from '../../../lib/page/screenshot-masks';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

describe('drawScreenshotMasks', () => {
  it('covers passwords, card numbers, CVCs and one-time codes, not other fields, and removes every trace', () => {
    host = document.createElement('div');
    host.innerHTML = `
      <label>Name <input name="name" value="Ada"></label>
      <label>Password <input type="password" value="hunter2"></label>
      <input autocomplete="cc-number" aria-label="Card">
      <label>CVC <input name="cvc"></label>
      <input autocomplete="one-time-code" aria-label="Code">
      <button>Pay</button>`;
    document.body.appendChild(host);
    const labels = new Allowlist();
    labels.addButton('e9', host.querySelector('button')!);
    const masks = drawScreenshotMasks(document, { labels });
    expect(masks.masked).toBe(4);
    expect(masks.labelled).toBe(1);
    const layer = document.querySelector('[data-tabwise-screenshot]');
    expect(layer).not.toBeNull();
    // The layer sits on top of everything and takes no clicks.
    expect(getComputedStyle(layer!).zIndex).toBe('2147483647');
    expect(getComputedStyle(layer!).pointerEvents).toBe('none');
    masks.remove();
    expect(document.querySelector('[data-tabwise-screenshot]')).toBeNull();
  });
});
