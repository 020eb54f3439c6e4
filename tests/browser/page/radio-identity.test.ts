import { afterEach, describe, expect, it } from 'vitest';
import { fillForm, snapshotForms } from '../../../lib/page';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

/** Mounts plain markup in the test page and returns its document. */
function mount(html: string): Document {
  host = document.createElement('div');
  host.innerHTML = html;
  document.body.appendChild(host);
  return document;
}

describe('radio groups whose inputs have no value attribute', () => {
  it('lists the options by label, fills the one named, and the read-back names it', () => {
    mount(`<form><fieldset><legend>Size</legend>
      <label><input type="radio" name="size"> Small</label>
      <label><input type="radio" name="size"> Medium</label>
      <label><input type="radio" name="size"> Large</label></fieldset></form>`);
    const snap = snapshotForms(document);
    const size = snap.fields.find((f) => f.key === 'size');
    expect(size).toMatchObject({
      type: 'radio',
      value: '',
      options: [
        { value: 'Small', label: 'Small' },
        { value: 'Medium', label: 'Medium' },
        { value: 'Large', label: 'Large' },
      ],
    });
    const result = fillForm(snap.allowlist, { size: 'Medium' }, { highlightMs: 1 });
    expect(result).toMatchObject({ written: [{ key: 'size', value: 'Medium' }], failed: [] });
    const radios = Array.from(document.querySelectorAll<HTMLInputElement>('input[name="size"]'));
    expect(radios.map((r) => r.checked)).toEqual([false, true, false]);
    expect(snapshotForms(document).fields.find((f) => f.key === 'size')?.value).toBe('Medium');
  });

  it('refuses the shared value "on" instead of choosing the first option', () => {
    mount(
      `<form><label><input type="radio" name="ship"> Pickup</label><label><input type="radio" name="ship"> Delivery</label></form>`,
    );
    const { allowlist } = snapshotForms(document);
    const result = fillForm(allowlist, { ship: 'on' }, { highlightMs: 1 });
    expect(result.written).toEqual([]);
    expect(result.failed[0]).toMatchObject({ key: 'ship', reason: expect.stringMatching(/matches 2 options/) });
    expect(Array.from(document.querySelectorAll<HTMLInputElement>('input[name="ship"]'), (r) => r.checked)).toEqual([
      false,
      false,
    ]);
  });

  it('fails with a reason when options share both value and label', () => {
    mount(
      `<form><label><input type="radio" name="x"> Same</label><label><input type="radio" name="x"> Same</label></form>`,
    );
    const { allowlist } = snapshotForms(document);
    const result = fillForm(allowlist, { x: 'Same' }, { highlightMs: 1 });
    expect(result.failed[0]).toMatchObject({ key: 'x', reason: expect.stringMatching(/cannot be told apart/) });
  });

  it("keeps unique values as the options' identity", () => {
    mount(
      `<form><label><input type="radio" name="plan" value="free"> Free</label><label><input type="radio" name="plan" value="pro" checked> Pro</label></form>`,
    );
    const snap = snapshotForms(document);
    expect(snap.fields[0]).toMatchObject({
      value: 'pro',
      options: [
        { value: 'free', label: 'Free' },
        { value: 'pro', label: 'Pro' },
      ],
    });
    expect(fillForm(snap.allowlist, { plan: 'Free' }, { highlightMs: 1 }).written).toEqual([
      { key: 'plan', value: 'free' },
    ]);
  });
});
