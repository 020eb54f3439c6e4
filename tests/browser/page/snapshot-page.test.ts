import { afterEach, describe, expect, it } from 'vitest';
import { RefBook } from '../../../lib/page/ref-book';
import { snapshotPage } from '../../../lib/page/snapshot-page';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

function mount(html: string): HTMLElement {
  host = document.createElement('div');
  host.innerHTML = html;
  document.body.appendChild(host);
  return host;
}

const byName = (state: ReturnType<typeof snapshotPage>['state'], name: string) =>
  state.elements.find((e) => e.name === name);

describe('snapshotPage', () => {
  it('names controls from aria-labelledby, label, table headers, a preceding label and the placeholder', () => {
    mount(`
      <span id="lb">Billing city</span><input aria-labelledby="lb">
      <label for="zip">ZIP code</label><input id="zip">
      <table><thead><tr><th></th><th>Quantity</th></tr></thead><tbody><tr><th>Apples</th><td><input></td></tr></tbody></table>
      <div><span>Nickname</span><input></div>
      <input placeholder="Search the shop">`);
    const { state } = snapshotPage(document, {}, { refs: new RefBook() });
    expect(state.elements.map((e) => [e.role, e.name])).toEqual(
      [
        ['textbox', 'Billing city'],
        ['textbox', 'ZIP code'],
        ['textbox', 'Apples — Quantity'],
        ['textbox', 'Nickname'],
        ['searchbox', 'Search the shop'],
      ].map(([role, name]) => [role === 'searchbox' ? 'textbox' : role, name]),
    );
  });

  it('lists span links, pointer divs, ARIA widgets, sliders and contenteditable with their state; leaves out hidden ones; a password only as write-only', () => {
    const root = mount(`
      <span class="link" style="cursor:pointer">Open report</span>
      <div onclick="void 0">Row one</div>
      <div role="tab" aria-selected="true">Details</div>
      <div role="slider" aria-label="Volume" aria-valuenow="3" aria-valuemin="0" aria-valuemax="10" tabindex="0" style="width:100px;height:10px"></div>
      <div role="combobox" aria-expanded="false" aria-label="Country" tabindex="0" style="width:100px;height:20px"></div>
      <div contenteditable="true" aria-label="Notes">hello</div>
      <button disabled>Pay</button>
      <button style="display:none">Hidden honeypot</button>
      <a href="/x" style="opacity:0">Invisible link</a>
      <input type="password" aria-label="Password">
      <label><input type="checkbox" checked> Remember me</label>`);
    root.querySelector<HTMLElement>('.link')!.addEventListener('click', () => undefined);
    const { state, allowlist } = snapshotPage(document, {}, { refs: new RefBook() });
    expect(byName(state, 'Open report')).toMatchObject({ role: 'clickable', inView: true });
    expect(byName(state, 'Row one')).toMatchObject({ role: 'clickable' });
    expect(byName(state, 'Details')).toMatchObject({ role: 'tab', selected: true });
    expect(byName(state, 'Volume')).toMatchObject({ role: 'slider', value: '3', constraints: { min: '0', max: '10' } });
    expect(byName(state, 'Country')).toMatchObject({ role: 'combobox', expanded: false });
    expect(byName(state, 'Notes')).toMatchObject({ role: 'textbox', type: 'contenteditable', value: 'hello' });
    expect(byName(state, 'Pay')).toMatchObject({ role: 'button', disabled: true });
    expect(byName(state, 'Remember me')).toMatchObject({ role: 'checkbox', type: 'checkbox', value: true });
    const names = state.elements.map((e) => e.name);
    expect(names).not.toContain('Hidden honeypot');
    expect(names).not.toContain('Invisible link');
    // A password field is listed without its value (not even its length), and only fill_password reaches it.
    const password = byName(state, 'Password');
    expect(password).toEqual({
      ref: expect.any(String),
      role: 'textbox',
      name: 'Password',
      writeOnly: true,
      inView: true,
    });
    expect(
      allowlist.hasSecret(password!.ref) && !allowlist.hasButton(password!.ref) && !allowlist.field(password!.ref),
    ).toBe(true);
    for (const e of state.elements)
      expect(allowlist.hasButton(e.ref) || allowlist.field(e.ref) !== undefined || allowlist.hasSecret(e.ref)).toBe(
        true,
      );
  });

  it('reaches open shadow roots and same-origin iframes', async () => {
    const root = mount('<div id="h"></div><iframe title="Payment frame" style="width:300px;height:200px"></iframe>');
    root.querySelector('#h')!.attachShadow({ mode: 'open' }).innerHTML = '<button>Shadow action</button>';
    const frame = root.querySelector('iframe')!;
    frame.contentDocument!.body.innerHTML = '<a href="https://example.com/terms">Terms</a>';
    const { state } = snapshotPage(document, {}, { refs: new RefBook() });
    expect(byName(state, 'Shadow action')).toMatchObject({ role: 'button' });
    expect(byName(state, 'Terms')).toMatchObject({
      role: 'link',
      href: 'https://example.com/terms',
      frame: 'Payment frame',
    });
  });

  it('keeps refs stable across snapshots, pages a long list and scopes to a region', () => {
    mount(`<ul>${Array.from({ length: 30 }, (_, i) => `<li><a href="#i${i}">Item ${i}</a></li>`).join('')}</ul>
      <div role="dialog" aria-label="Confirm"><button>Yes</button><button>No</button></div>`);
    const refs = new RefBook();
    const first = snapshotPage(document, { maxElements: 10 }, { refs });
    expect(first.state).toMatchObject({ total: 32, offset: 0, nextOffset: 10 });
    expect(first.state.elements).toHaveLength(10);
    const again = snapshotPage(document, { maxElements: 10 }, { refs });
    expect(again.state.elements.map((e) => e.ref)).toEqual(first.state.elements.map((e) => e.ref));
    const page2 = snapshotPage(document, { offset: 30, maxElements: 10 }, { refs });
    expect(page2.state.elements.map((e) => e.name)).toEqual(['Yes', 'No']);
    expect(page2.state.nextOffset).toBeUndefined();
    const dialog = first.state.regions.find((r) => r.kind === 'dialog');
    expect(dialog).toMatchObject({ name: 'Confirm', count: 2 });
    expect(first.state.dialog?.ref).toBe(dialog?.ref);
    const scoped = snapshotPage(document, { scope: dialog!.ref }, { refs, scopeOf: (ref) => first.regions.get(ref) });
    expect(scoped.state.elements.map((e) => e.name)).toEqual(['Yes', 'No']);
    expect(() => snapshotPage(document, { scope: 'r999' }, { refs, scopeOf: () => undefined })).toThrow(/not a region/);
  });

  it('lists a radio group without values once, its options by label', () => {
    mount(
      `<form><fieldset><legend>Size</legend><label><input type="radio" name="s"> S</label><label><input type="radio" name="s"> M</label></fieldset></form>`,
    );
    const { state } = snapshotPage(document, {}, { refs: new RefBook() });
    expect(state.elements.filter((e) => e.type === 'radio')).toEqual([
      expect.objectContaining({
        role: 'radiogroup',
        name: 'Size',
        options: [
          { value: 'S', label: 'S' },
          { value: 'M', label: 'M' },
        ],
      }),
    ]);
    expect(state.elements.filter((e) => e.role === 'radio')).toEqual([]);
  });

  it('lists elements given a pointer cursor by style rules (plain, in @media, nested, inline) and not their children', () => {
    const root = mount(`
      <style>
        .card { cursor: pointer }
        @media (min-width: 1px) { .tile { cursor: pointer } }
        .menu { & .entry { cursor: pointer } }
      </style>
      <div class="card"><span>Card title</span></div>
      <div class="tile">Tile</div>
      <div class="menu"><div class="entry">Entry</div></div>
      <div><p style="cursor: pointer">Inline</p></div>
      <div class="plain">Plain text</div>`);
    void root;
    const { state } = snapshotPage(document, {}, { refs: new RefBook() });
    expect(state.elements.filter((e) => e.role === 'clickable').map((e) => e.name)).toEqual([
      'Card title',
      'Tile',
      'Entry',
      'Inline',
    ]);
  });
});
