import { afterEach, describe, expect, it } from 'vitest';
import { clickElement, fillForm, snapshotForms, undoFill } from '../../../lib/page';
import { actMechanics } from '../../../lib/page/act-mechanics';
import { actOnPage } from '../../../lib/page/act-on-page';
import { isUsableOption } from '../../../lib/page/is-usable-option';
import { RefBook } from '../../../lib/page/ref-book';
import { drawScreenshotMasks } from '../../../lib/page/screenshot-masks';
import { snapshotPage } from '../../../lib/page/snapshot-page';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

function mount(html: string): HTMLElement {
  host = document.createElement('div');
  host.innerHTML = html;
  document.body.appendChild(host);
  return host;
}

/** A select whose options a person sees two of; the rest only a script could pick. */
const SHIPPING = `
  <style>.gone { display: none } .ghost { visibility: hidden }</style>
  <form>
    <label>Shipping <select name="shipping">
      <option value="std">Standard</option>
      <option value="exp">Express</option>
      <option value="free" hidden>Free (staff)</option>
      <option value="css" class="gone">Courier</option>
      <option value="ghost" class="ghost">Ghost</option>
      <option value="off" disabled>Sold out</option>
      <option value="aria" aria-disabled="true">Aria disabled</option>
      <option value="ah" aria-hidden="true">Aria hidden</option>
      <optgroup label="Internal" disabled><option value="grp">In a disabled group</option></optgroup>
      <optgroup label="Secret" hidden><option value="hgrp">In a hidden group</option></optgroup>
      <optgroup label="Gone" style="display:none"><option value="sgrp">In a display:none group</option></optgroup>
    </select></label>
    <input name="city" list="cities" aria-label="City">
    <datalist id="cities"><option value="Berlin"></option><option value="Atlantis" hidden></option><option value="Avalon" disabled></option></datalist>
    <fieldset><legend>Speed</legend>
      <label><input type="radio" name="speed" value="slow"> Slow</label>
      <label><input type="radio" name="speed" value="fast"> Fast</label>
      <label><input type="radio" name="speed" value="warp" disabled> Warp</label>
      <label><input type="radio" name="speed" value="aria" aria-disabled="true"> Aria</label>
      <label style="display:none"><input type="radio" name="speed" value="hidden"> Hidden</label>
    </fieldset>
  </form>`;

const HIDDEN_VALUES = ['free', 'css', 'ghost', 'off', 'aria', 'ah', 'grp', 'hgrp', 'sgrp'];

describe('isUsableOption', () => {
  it('tells the options a person can pick from those hidden or disabled in every way', () => {
    const root = mount(SHIPPING);
    const select = root.querySelector('select')!;
    const usable = Array.from(select.options)
      .filter(isUsableOption)
      .map((o) => o.value);
    expect(usable).toEqual(['std', 'exp']);
  });
});

describe('the snapshots leave hidden and disabled options out', () => {
  it('get_form_state lists only the options a person can pick, in selects, datalists and radio groups', () => {
    mount(SHIPPING);
    const snap = snapshotForms(document);
    const shipping = snap.fields.find((f) => f.key === 'shipping')!;
    expect(shipping.options?.map((o) => o.value)).toEqual(['std', 'exp']);
    expect(snap.fields.find((f) => f.key === 'city')?.options?.map((o) => o.value)).toEqual(['Berlin']);
    expect(snap.fields.find((f) => f.type === 'radio')?.options?.map((o) => o.value)).toEqual(['slow', 'fast']);
    const text = JSON.stringify(snap.fields);
    for (const label of [
      'Free (staff)',
      'Courier',
      'Sold out',
      'In a hidden group',
      'Atlantis',
      'Avalon',
      'Warp',
      'Hidden',
    ])
      expect(text, label).not.toContain(label);
  });

  it('get_page_state lists only the options a person can pick, and no hidden or disabled ARIA option', () => {
    mount(`${SHIPPING}
      <div role="listbox" aria-label="Plan">
        <div role="option" aria-selected="false">Basic</div>
        <div role="option" hidden>Hidden plan</div>
        <div role="option" aria-hidden="true">Aria hidden plan</div>
        <div role="option" aria-disabled="true">Disabled plan</div>
        <div role="option" style="position:absolute;left:-9999px">Off-screen plan</div>
        <div role="group" aria-disabled="true"><div role="option">Grouped plan</div></div>
      </div>`);
    const { state } = snapshotPage(document, {}, { refs: new RefBook() });
    const select = state.elements.find((e) => e.name === 'Shipping')!;
    expect(select.options?.map((o) => o.value)).toEqual(['std', 'exp']);
    expect(state.elements.find((e) => e.role === 'radiogroup')?.options?.map((o) => o.value)).toEqual(['slow', 'fast']);
    const options = state.elements.filter((e) => e.role === 'option').map((e) => e.name);
    expect(options).toEqual(['Basic']);
    const text = JSON.stringify(state);
    for (const label of [
      'Hidden plan',
      'Aria hidden plan',
      'Disabled plan',
      'Off-screen plan',
      'Grouped plan',
      'Free (staff)',
      'Sold out',
    ])
      expect(text, label).not.toContain(label);
  });
});

describe('every writer refuses a hidden or disabled option, judged at write time', () => {
  it('fill_form fails on each hidden or disabled select option, by value or label, and leaves the select as it was', () => {
    const root = mount(SHIPPING);
    const { allowlist } = snapshotForms(document);
    const select = root.querySelector('select')!;
    for (const wanted of [...HIDDEN_VALUES, 'Free (staff)', 'Sold out', 'In a hidden group']) {
      const result = fillForm(allowlist, { shipping: wanted }, { highlightMs: 1 });
      expect(result.written, wanted).toEqual([]);
      expect(result.failed, wanted).toEqual([
        { key: 'shipping', reason: expect.stringMatching(/hidden or disabled option/) },
      ]);
      expect(select.value).toBe('std');
    }
    expect(fillForm(allowlist, { shipping: 'Express' }, { highlightMs: 1 }).written).toEqual([
      { key: 'shipping', value: 'exp' },
    ]);
  });

  it('an option hidden or disabled after the snapshot is refused then, in fill_form, select and for radios', async () => {
    const root = mount(SHIPPING);
    const forms = snapshotForms(document);
    const { state, allowlist } = snapshotPage(document, {}, { refs: new RefBook() });
    const express = root.querySelector<HTMLOptionElement>('option[value="exp"]')!;
    express.hidden = true;
    expect(fillForm(forms.allowlist, { shipping: 'exp' }, { highlightMs: 1 }).failed).toEqual([
      { key: 'shipping', reason: expect.stringMatching(/hidden or disabled option/) },
    ]);
    const selectRef = state.elements.find((e) => e.name === 'Shipping')!.ref;
    await expect(
      actOnPage(document, allowlist, { action: 'select', ref: selectRef, option: 'Express' }, actMechanics),
    ).rejects.toThrow(/^"Express" is a hidden or disabled option/);
    expect(root.querySelector('select')!.value).toBe('std');

    const fast = root.querySelector<HTMLInputElement>('input[value="fast"]')!;
    fast.setAttribute('aria-disabled', 'true');
    const radioKey = forms.fields.find((f) => f.type === 'radio')!.key;
    expect(fillForm(forms.allowlist, { [radioKey]: 'fast' }, { highlightMs: 1 }).failed).toEqual([
      { key: radioKey, reason: expect.stringMatching(/hidden or disabled option/) },
    ]);
    fast.removeAttribute('aria-disabled');
    fast.closest('label')!.style.display = 'none';
    const radioRef = state.elements.find((e) => e.role === 'radiogroup')!.ref;
    await expect(
      actOnPage(document, allowlist, { action: 'select', ref: radioRef, option: 'fast' }, actMechanics),
    ).rejects.toThrow(/hidden or disabled option/);
    expect(fast.checked).toBe(false);
    // The usable ones still work.
    expect(fillForm(forms.allowlist, { [radioKey]: 'slow' }, { highlightMs: 1 }).written).toEqual([
      { key: radioKey, value: 'slow' },
    ]);
  });

  it("undo puts back the hidden placeholder the page had chosen (the page's choice, not the model's)", () => {
    const root = mount(
      `<label>Size <select name="size"><option value="" hidden selected>Choose a size</option><option value="s">Small</option></select></label>`,
    );
    const { allowlist } = snapshotForms(document);
    expect(fillForm(allowlist, { size: '' }, { highlightMs: 1 }).failed).toEqual([
      { key: 'size', reason: expect.stringMatching(/hidden or disabled option/) },
    ]);
    const fill = fillForm(allowlist, { size: 'Small' }, { highlightMs: 1 });
    expect(fill.written).toEqual([{ key: 'size', value: 's' }]);
    expect(undoFill(fill.undo)).toEqual({ restored: [{ key: 'size', value: '' }], failed: [] });
    expect(root.querySelector('select')!.selectedOptions[0]!.text).toBe('Choose a size');
  });

  it("a hidden option sharing a visible one's value is never the one selected", () => {
    const root = mount(
      `<label>Size <select name="size"><option value="s">Small</option><option value="m" hidden>Hidden medium</option><option value="m">Medium</option></select></label>`,
    );
    const { allowlist } = snapshotForms(document);
    expect(fillForm(allowlist, { size: 'Medium' }, { highlightMs: 1 }).written).toEqual([{ key: 'size', value: 'm' }]);
    expect(root.querySelector('select')!.selectedOptions[0]!.text).toBe('Medium');
  });

  it('select on an ARIA listbox refuses a hidden or disabled option, and click refuses an option hidden after the snapshot', async () => {
    const root = mount(`
      <div role="listbox" aria-label="Plan" tabindex="0">
        <div role="option" onclick="this.dataset.picked=1">Basic</div>
        <div role="option" onclick="this.dataset.picked=1">Pro</div>
        <div role="option" aria-disabled="true" onclick="this.dataset.picked=1">Enterprise</div>
        <div role="option" style="display:none" onclick="this.dataset.picked=1">Staff</div>
      </div>`);
    const { state, allowlist } = snapshotPage(document, {}, { refs: new RefBook() });
    const listbox = state.elements.find((e) => e.role === 'listbox')!;
    for (const wanted of ['Enterprise', 'Staff']) {
      await expect(
        actOnPage(document, allowlist, { action: 'select', ref: listbox.ref, option: wanted }, actMechanics),
        wanted,
      ).rejects.toThrow(/hidden or disabled option/);
    }
    expect(root.querySelectorAll('[data-picked]')).toHaveLength(0);
    const pro = state.elements.find((e) => e.role === 'option' && e.name === 'Pro')!;
    root.querySelectorAll<HTMLElement>('[role="option"]')[1]!.setAttribute('aria-hidden', 'true');
    expect(clickElement(allowlist, pro.ref)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/hidden or disabled/),
    });
    expect(root.querySelectorAll('[data-picked]')).toHaveLength(0);
    await actOnPage(document, allowlist, { action: 'select', ref: listbox.ref, option: 'Basic' }, actMechanics);
    expect(root.querySelectorAll('[data-picked]')).toHaveLength(1);
  });
});

describe('a card number or one-time code without autocomplete hints', () => {
  const PAY = `
    <form>
      <label for="n">Name</label><input id="n" name="name" value="Ada">
      <label>Card</label><input name="num" value="4242 4242 4242 4242">
      <label for="k">Kartennummer</label><input id="k" name="k">
      <label for="c">Code</label><input id="c" name="c" value="482913">
      <label for="o">Order number</label><input id="o" name="order" value="4242 4242 4242 4241">
      <label for="z">Postal code</label><input id="z" name="zip" value="10115">
    </form>`;

  it('is left out of both snapshots; look-alikes (a Luhn-failing order number, a postal code) stay', () => {
    mount(PAY);
    const forms = snapshotForms(document);
    expect(forms.fields.map((f) => f.key)).toEqual(['name', 'order', 'zip']);
    const { state } = snapshotPage(document, {}, { refs: new RefBook() });
    expect(state.elements.map((e) => e.name)).toEqual(['Name', 'Order number', 'Postal code']);
    for (const text of [JSON.stringify(forms.fields), JSON.stringify(state)]) {
      expect(text).not.toContain('4242 4242 4242 4242');
      expect(text).not.toContain('482913');
    }
  });

  it('is refused at write time when the page puts a card number into a listed field after the snapshot', () => {
    const root = mount(PAY);
    const forms = snapshotForms(document);
    root.querySelector<HTMLInputElement>('input[name="order"]')!.value = '4111 1111 1111 1111';
    expect(fillForm(forms.allowlist, { order: 'x' }, { highlightMs: 1 }).failed).toEqual([
      { key: 'order', reason: expect.stringMatching(/sensitive now/) },
    ]);
  });

  it('is masked in a screenshot', () => {
    mount(PAY);
    const masks = drawScreenshotMasks(document);
    // The card number by value, the Kartennummer by label, the code by label and value.
    expect(masks.masked).toBe(3);
    masks.remove();
  });
});
