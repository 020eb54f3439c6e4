import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../lib/messaging/dispatch';
import { actMechanics } from '../../../lib/page/act-mechanics';
import { createPageAgent } from '../../../lib/page/page-agent';
import { pageCallValidators } from '../../../lib/page/page-call-validators';
import { pageProtocol } from '../../../lib/page/page-command';
import type { PageChanges } from '../../../lib/page/page-changes';
import type { PageElement, PageState } from '../../../lib/page/page-state';
import { readPage } from '../../../lib/page/read-page';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

const background = { id: 'ext', url: 'chrome-extension://ext/background.js' };
const self = { id: 'ext', origin: 'chrome-extension://ext/' };

function mount(html: string): HTMLElement {
  host = document.createElement('div');
  host.innerHTML = html;
  document.body.appendChild(host);
  return host;
}

/** An agent on this test page, and a way to call it as the background does (guards, handlers, answer). */
function agentOnPage() {
  const agent = createPageAgent({
    doc: document,
    docId: 'doc-1',
    reader: () => readPage,
    actPart: () => actMechanics,
    highlightMs: 1,
  });
  let n = 0;
  const call = async (
    name: string,
    args: unknown,
  ): Promise<{ ok: boolean; output?: { changes?: PageChanges }; message?: string }> => {
    const raw = { tabwise: 'page', name, data: { runId: 'r1', toolCallId: `t${++n}`, args } };
    const reply = await dispatch(pageProtocol, raw, background, {
      validators: pageCallValidators,
      handlers: agent.handlers,
      from: 'background',
      self,
    });
    if (!reply?.ok) return { ok: false, message: reply?.error.message };
    const { outcome } = reply.value as {
      outcome: { ok: boolean; output?: { changes?: PageChanges }; message?: string };
    };
    return outcome;
  };
  const snapshot = async () => (await call('get_page_state', {})).output as PageState;
  const ref = (state: PageState, name: string): string => {
    const found = state.elements.find((e: PageElement) => e.name === name);
    if (!found) throw new Error(`no element named ${name} in ${JSON.stringify(state.elements.map((e) => e.name))}`);
    return found.ref;
  };
  return { call, snapshot, ref };
}

describe('actions on plain widgets', () => {
  it('clicks a span link with a click handler and a div submit, and reports what appeared', async () => {
    const root = mount(`<span id="more" style="cursor:pointer">Show details</span><div id="out"></div>
      <form id="f"><input name="q" aria-label="Query"><div id="go" role="button" tabindex="0">Search</div></form>`);
    let submitted = '';
    root.querySelector('#more')!.addEventListener('click', () => {
      root.querySelector('#out')!.innerHTML = '<button>Hide details</button>';
    });
    root.querySelector('#go')!.addEventListener('click', () => {
      submitted = (root.querySelector('input') as HTMLInputElement).value || '(empty)';
    });
    const { call, snapshot, ref } = agentOnPage();
    const state = await snapshot();
    const shown = await call('click', { key: ref(state, 'Show details') });
    expect(shown).toMatchObject({
      ok: true,
      output: { ok: true, changes: { appeared: [{ role: 'button', name: 'Hide details' }] } },
    });
    const hide = shown.output?.changes?.appeared?.[0]?.ref;
    // The ref of what appeared can be used at once, without a new snapshot.
    expect(await call('click', { key: hide })).toMatchObject({ ok: true });
    expect(await call('click', { key: ref(state, 'Search') })).toMatchObject({ ok: true });
    expect(submitted).toBe('(empty)');
  });

  it('types with the key events a person makes, into an input and a contenteditable editor', async () => {
    const root = mount(
      `<input aria-label="City"><div contenteditable="true" aria-label="Notes" style="min-height:20px"></div>`,
    );
    const events: string[] = [];
    const input = root.querySelector('input')!;
    for (const type of ['keydown', 'keypress', 'beforeinput', 'input', 'keyup'])
      input.addEventListener(type, (e) => events.push(`${type}:${(e as KeyboardEvent).key ?? (e as InputEvent).data}`));
    let beforeInputs = 0;
    root.querySelector('[contenteditable]')!.addEventListener('beforeinput', () => beforeInputs++);
    const { call, snapshot, ref } = agentOnPage();
    const state = await snapshot();
    const typed = await call('act', { action: 'type', ref: ref(state, 'City'), text: 'Oslo' });
    expect(typed).toMatchObject({ ok: true, output: { value: 'Oslo', did: 'typed 4 characters into "City"' } });
    expect(events.slice(0, 5)).toEqual(['keydown:O', 'keypress:O', 'beforeinput:O', 'input:O', 'keyup:O']);
    expect(input.value).toBe('Oslo');
    expect(await call('act', { action: 'type', ref: ref(state, 'Notes'), text: 'Hi there' })).toMatchObject({
      ok: true,
      output: { value: 'Hi there' },
    });
    expect(beforeInputs).toBe(8);
  });

  it('selects in an ARIA combobox that opens only on key events, and by label in a radio group without values', async () => {
    const root =
      mount(`<input role="combobox" aria-label="Country" aria-controls="lb" aria-expanded="false"><ul id="lb" role="listbox"></ul>
      <fieldset><legend>Size</legend><label><input type="radio" name="size"> Small</label><label><input type="radio" name="size"> Large</label></fieldset>`);
    const box = root.querySelector('input')!;
    const list = root.querySelector('#lb')!;
    // Opens on typing only (a click does nothing), filters by the text, chooses on mousedown like many libraries.
    box.addEventListener('input', () => {
      const q = box.value.toLowerCase();
      list.innerHTML = ['Germany', 'Georgia', 'Ghana']
        .filter((c) => c.toLowerCase().startsWith(q))
        .map((c) => `<li role="option">${c}</li>`)
        .join('');
      box.setAttribute('aria-expanded', 'true');
    });
    list.addEventListener('mousedown', (e) => {
      box.value = (e.target as HTMLElement).textContent ?? '';
      list.innerHTML = '';
      box.setAttribute('aria-expanded', 'false');
    });
    const { call, snapshot, ref } = agentOnPage();
    const state = await snapshot();
    expect(await call('act', { action: 'select', ref: ref(state, 'Country'), option: 'Georgia' })).toMatchObject({
      ok: true,
      output: { value: 'Georgia' },
    });
    expect(box.value).toBe('Georgia');
    expect(await call('act', { action: 'select', ref: ref(state, 'Country'), option: 'Narnia' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/select failed: no option named "Narnia"/),
    });
    expect(await call('act', { action: 'select', ref: ref(state, 'Size'), option: 'Large' })).toMatchObject({
      ok: true,
      output: { value: 'Large' },
    });
    expect(Array.from(root.querySelectorAll<HTMLInputElement>('input[name="size"]'), (r) => r.checked)).toEqual([
      false,
      true,
    ]);
  });

  it('sets an ARIA slider with keys and a native range by value', async () => {
    const root =
      mount(`<div role="slider" aria-label="Volume" tabindex="0" aria-valuemin="0" aria-valuemax="10" aria-valuenow="2" style="width:100px;height:10px"></div>
      <input type="range" aria-label="Zoom" min="0" max="200" value="100">`);
    const slider = root.querySelector<HTMLElement>('[role="slider"]')!;
    slider.addEventListener('keydown', (e) => {
      const now = Number(slider.getAttribute('aria-valuenow'));
      const next = { ArrowRight: now + 1, ArrowLeft: now - 1, Home: 0, End: 10 }[e.key];
      if (next !== undefined) slider.setAttribute('aria-valuenow', String(Math.max(0, Math.min(10, next))));
    });
    const { call, snapshot, ref } = agentOnPage();
    const state = await snapshot();
    expect(await call('act', { action: 'set_value', ref: ref(state, 'Volume'), value: '7' })).toMatchObject({
      ok: true,
      output: { value: '7' },
    });
    expect(slider.getAttribute('aria-valuenow')).toBe('7');
    expect(await call('act', { action: 'set_value', ref: ref(state, 'Volume'), value: '11' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/outside the slider's range/),
    });
    expect(await call('act', { action: 'set_value', ref: ref(state, 'Zoom'), value: '150' })).toMatchObject({
      ok: true,
      output: { value: '150' },
    });
  });

  it('presses Enter to submit, hovers to open a menu, focuses and scrolls', async () => {
    const root = mount(`<form><input aria-label="Search"></form>
      <div id="menu" role="button" tabindex="0">Account</div><div id="items"></div>
      <div style="height:3000px"></div><button id="far">Far away</button>`);
    let submits = 0;
    root.querySelector('form')!.addEventListener('submit', (e) => {
      e.preventDefault();
      submits++;
    });
    root.querySelector('#menu')!.addEventListener('mouseenter', () => {
      root.querySelector('#items')!.innerHTML = '<a href="#settings" role="menuitem">Settings</a>';
    });
    const { call, snapshot, ref } = agentOnPage();
    const state = await snapshot();
    expect(await call('act', { action: 'press', ref: ref(state, 'Search'), key: 'Enter' })).toMatchObject({ ok: true });
    expect(submits).toBe(1);
    expect(await call('act', { action: 'hover', ref: ref(state, 'Account') })).toMatchObject({
      ok: true,
      output: { changes: { appeared: [{ role: 'menuitem', name: 'Settings' }] } },
    });
    expect(await call('act', { action: 'focus', ref: ref(state, 'Account') })).toMatchObject({
      ok: true,
      output: { changes: { focused: 'Account' } },
    });
    expect(state.elements.find((e) => e.name === 'Far away')?.inView).toBe(false);
    expect(await call('act', { action: 'scroll', ref: ref(state, 'Far away'), direction: 'into_view' })).toMatchObject({
      ok: true,
    });
    expect((await snapshot()).elements.find((e) => e.name === 'Far away')?.inView).toBe(true);
    expect(await call('act', { action: 'press', key: 'Hyper+Q' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a key/),
    });
  });

  it('refuses refs outside the last snapshot, secrets that appeared since, and typing into read-only pickers', async () => {
    const root = mount(`<input aria-label="Nickname"><input readonly aria-label="Date" value="2024-01-01">`);
    const { call, snapshot, ref } = agentOnPage();
    const state = await snapshot();
    expect(await call('act', { action: 'type', ref: 'e99999', text: 'x' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not an element of the last page snapshot/),
    });
    expect(await call('act', { action: 'type', ref: ref(state, 'Date'), text: 'x' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/read-only/),
    });
    root.querySelector('input')!.type = 'password';
    expect(await call('act', { action: 'type', ref: ref(state, 'Nickname'), text: 'hunter2' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/password/),
    });
    expect(root.querySelector('input')!.value).toBe('');
  });
});
