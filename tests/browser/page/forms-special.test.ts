import { afterEach, describe, expect, it } from 'vitest';
import { clickElement, fillForm, snapshotForms, submitForm } from '../../../lib/page';
import { loadFixture, settle, type LoadedFixture } from './load-fixture';

let page: LoadedFixture;
afterEach(() => page?.remove());

describe('masked inputs (imask)', () => {
  it('fills a phone and a date mask; the mask formats and the read-back reports what the page shows', async () => {
    page = await loadFixture('masked');
    const snap = snapshotForms(page.doc);
    expect(snap.fields.map((f) => f.key)).toEqual(['phone', 'start']);
    const result = fillForm(snap.allowlist, { phone: '+1 555 123 4567', start: '05.03.2024' }, { highlightMs: 10 });
    expect(result.failed).toEqual([]);
    expect(result.written).toEqual([
      { key: 'phone', value: '+1 (555) 123-4567' },
      { key: 'start', value: '05.03.2024' },
    ]);
    await settle();
    expect(page.state()).toMatchObject({
      phone: '+1 (555) 123-4567',
      phoneDigits: '15551234567',
      start: '05.03.2024',
      startComplete: true,
    });
  });

  it('reports a value the mask throws away as failed', async () => {
    page = await loadFixture('masked');
    const { allowlist } = snapshotForms(page.doc);
    const result = fillForm(allowlist, { phone: 'call me maybe' });
    expect(result.failed[0]).toMatchObject({ key: 'phone', reason: expect.stringMatching(/did not keep/) });
  });
});

describe('a multi-step form', () => {
  it('shows only the visible step, clicks Next, then fills and submits step 2', async () => {
    page = await loadFixture('multistep');
    const first = snapshotForms(page.doc);
    expect(first.fields.map((f) => f.key)).toEqual(['first']);
    expect(first.forms).toEqual([
      { key: 'wizard', label: 'Wizard', action: expect.stringMatching(/\/multistep\.html$/), method: 'get' },
    ]);
    expect(fillForm(first.allowlist, { first: 'Grace', topic: 'billing' }).ignored.map((i) => i.key)).toEqual([
      'topic',
    ]);
    expect(clickElement(first.allowlist, 'next')).toMatchObject({ ok: true });
    expect(clickElement(first.allowlist, 'delete-account')).toMatchObject({ ok: false });

    const second = snapshotForms(page.doc);
    expect(second.fields.map((f) => f.key)).toEqual(['topic', 'message']);
    expect(submitForm(second.allowlist, 'wizard')).toMatchObject({ ok: false, invalid: [{ key: 'message' }] });
    expect(fillForm(second.allowlist, { topic: 'Support', message: 'Hello' }).written).toHaveLength(2);
    expect(submitForm(second.allowlist, 'nope')).toMatchObject({ ok: false });
    expect(submitForm(second.allowlist, 'wizard')).toEqual({ ok: true, key: 'wizard' });
    await settle();
    expect(page.state()).toMatchObject({
      step: 2,
      first: 'Grace',
      topic: 'support',
      message: 'Hello',
      submitted: true,
    });
  });

  it('fails on a field that left the page after the snapshot', async () => {
    page = await loadFixture('multistep');
    const { allowlist } = snapshotForms(page.doc);
    page.doc.getElementById('first')?.remove();
    expect(fillForm(allowlist, { first: 'X' }).failed).toEqual([
      { key: 'first', reason: expect.stringMatching(/gone/) },
    ]);
  });
});

describe('fields the model must never see', () => {
  it('leaves out card, one-time-code, disabled, read-only and invisible fields', () => {
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const doc = frame.contentDocument as Document;
    doc.body.innerHTML = `<form>
      <label>Name <input name="name"></label>
      <label>Card number <input name="field7"></label>
      <input name="cc" autocomplete="cc-number" placeholder="1234">
      <label>CVC <input name="x2"></label>
      <input autocomplete="one-time-code" name="code">
      <label>SMS code <input name="otp"></label>
      <input name="dis" disabled aria-label="Disabled">
      <input name="ro" readonly aria-label="Read only">
      <input name="hid" type="hidden" value="1">
      <input name="none" style="display:none">
      <input name="transparent" style="opacity:0">
      <input name="tiny" style="width:0;height:0;border:0;padding:0">
      <div aria-hidden="true"><input name="aria"></div>
      <input name="clipped" tabindex="-1" style="position:absolute;clip:rect(0,0,0,0);width:1px;height:1px">
      <fieldset disabled><input name="infieldset" aria-label="In a disabled fieldset"></fieldset>
    </form>`;
    const snap = snapshotForms(doc);
    expect(snap.fields.map((f) => f.key)).toEqual(['name']);
    expect(fillForm(snap.allowlist, { field7: '4111', code: '123456', dis: 'x' }).ignored).toHaveLength(3);
    frame.remove();
  });
});

describe('a form whose page script changes fields after the snapshot', () => {
  it('refuses, at fill time, a field that became a password or card field, or was hidden, and writes the rest', () => {
    const host = document.createElement('div');
    host.innerHTML =
      '<form name="f"><label>Name <input name="name"></label><label>Nickname <input name="nick"></label><label>City <input name="city"></label><label>Note <input name="note"></label></form>';
    document.body.append(host);
    try {
      const snap = snapshotForms(document);
      expect(snap.fields.map((f) => f.key)).toEqual(expect.arrayContaining(['name', 'nick', 'city', 'note']));
      const [name, nick, city] = ['name', 'nick', 'city'].map((n) =>
        host.querySelector<HTMLInputElement>(`input[name="${n}"]`)!,
      );
      name!.type = 'password';
      nick!.setAttribute('autocomplete', 'cc-number');
      city!.style.display = 'none';
      const result = fillForm(
        snap.allowlist,
        { name: 'hunter2', nick: '4111111111111111', city: 'Paris', note: 'ok' },
        { highlightMs: 10 },
      );
      expect(result.failed).toEqual([
        { key: 'name', reason: expect.stringMatching(/sensitive now/) },
        { key: 'nick', reason: expect.stringMatching(/sensitive now/) },
        { key: 'city', reason: expect.stringMatching(/hidden now/) },
      ]);
      expect(result.written).toEqual([{ key: 'note', value: 'ok' }]);
      expect([name!.value, nick!.value, city!.value]).toEqual(['', '', '']);
    } finally {
      host.remove();
    }
  });
});

describe('a fill whose own writes change later fields', () => {
  function mount(html: string): HTMLElement {
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    return host;
  }

  it('skips, and says so, a field that a handler of an earlier write hid, disabled or removed; writes the rest', () => {
    const host = mount(
      '<form name="g"><label>Country <input name="country"></label><label>State <input name="state"></label>' +
        '<label>Phone <input name="phone"></label><label>Fax <input name="fax"></label><label>Note <input name="note"></label></form>',
    );
    try {
      const snap = snapshotForms(document);
      const input = (n: string) => host.querySelector<HTMLInputElement>(`input[name="${n}"]`)!;
      // As address forms do: a country without states hides the state field, and so on.
      input('country').addEventListener('change', () => {
        input('state').closest('label')!.style.display = 'none';
        input('phone').disabled = true;
        input('fax').closest('label')!.remove();
      });
      const result = fillForm(
        snap.allowlist,
        { country: 'Monaco', state: 'X', phone: '1', fax: '2', note: 'ok' },
        { highlightMs: 10 },
      );
      expect(result.failed).toEqual([
        { key: 'state', reason: expect.stringMatching(/^skipped: the field became hidden after an earlier field/) },
        { key: 'phone', reason: expect.stringMatching(/^skipped: the field is disabled now/) },
        { key: 'fax', reason: expect.stringMatching(/^skipped: the field is gone/) },
      ]);
      expect(result.written).toEqual([
        { key: 'country', value: 'Monaco' },
        { key: 'note', value: 'ok' },
      ]);
      expect([input('state').value, input('phone').value, input('note').value]).toEqual(['', '', 'ok']);
    } finally {
      host.remove();
    }
  });

  it('skips a field that a style rule hides once an earlier checkbox is checked (no DOM change at all)', () => {
    const host = mount(
      '<style>#same:checked ~ .billing { display: none }</style>' +
        '<form name="h"><input type="checkbox" id="same" name="same" aria-label="Same as shipping">' +
        '<div class="billing"><label>Billing street <input name="billing"></label></div>' +
        '<label>Shipping street <input name="shipping"></label></form>',
    );
    try {
      const snap = snapshotForms(document);
      const result = fillForm(
        snap.allowlist,
        { same: true, billing: 'Main St', shipping: 'Side St' },
        { highlightMs: 10 },
      );
      expect(result.failed).toEqual([{ key: 'billing', reason: expect.stringMatching(/became hidden/) }]);
      expect(result.written.map((w) => w.key)).toEqual(['same', 'shipping']);
      expect(host.querySelector<HTMLInputElement>('input[name="billing"]')!.value).toBe('');
    } finally {
      host.remove();
    }
  });
});
