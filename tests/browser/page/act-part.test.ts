/**
 * The act part (lib/page/act-part.ts): a frame's page agent without it answers 'no-act-part' to the actions that
 * need typing, keys, a slider, a combobox or a text selection, before it reads or changes anything (no key event,
 * no value written), and carries out the rest itself; once the part is in the frame's slot the same calls act.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../lib/messaging/dispatch';
import { actMechanics } from '../../../lib/page/act-mechanics';
import { installActPart, loadedActPart, NO_ACT_PART_MESSAGE, type ActPart } from '../../../lib/page/act-part';
import { createPageAgent, type PageAgent } from '../../../lib/page/page-agent';
import { pageCallValidators } from '../../../lib/page/page-call-validators';
import { pageProtocol } from '../../../lib/page/page-command';
import type { PageState } from '../../../lib/page/page-state';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

const self = { id: 'ext', origin: 'chrome-extension://ext/' };
const background = { id: 'ext', url: 'chrome-extension://ext/background.js' };
let n = 0;
const cmd = (command: string, input: unknown = {}) => ({
  tabwise: 'page',
  name: command,
  data: { runId: 'r1', toolCallId: `t${++n}`, args: input },
});

async function handle(agent: PageAgent, raw: unknown): Promise<Record<string, unknown>> {
  const reply = await dispatch(pageProtocol, raw, background, {
    validators: pageCallValidators,
    handlers: agent.handlers,
    from: 'background',
    self,
  });
  if (!reply?.ok) throw new Error(`refused: ${JSON.stringify(reply)}`);
  return { ...(reply.value as { outcome: object }).outcome };
}

function mount() {
  host = document.createElement('div');
  host.innerHTML = `<form aria-label="Trip" onsubmit="return false">
    <label>City <input name="city" value="Oslo"></label>
    <label>Guests <input name="guests" type="range" min="0" max="10" value="2"></label>
    <label>Class <select name="class"><option>Economy</option><option>Business</option></select></label>
    <label id="airline-label">Airline</label>
    <div role="combobox" aria-labelledby="airline-label" aria-controls="airlines" aria-expanded="true" tabindex="0">Pick</div>
    <ul role="listbox" id="airlines"><li role="option">Norse</li><li role="option">Wideroe</li></ul>
    <label>Notes <textarea name="notes">pack light and early</textarea></label>
    <button type="button">Check</button>
  </form>`;
  document.body.appendChild(host);
  const keys: string[] = [];
  host.addEventListener('keydown', (e) => keys.push(e.key), true);
  for (const option of host.querySelectorAll('[role=option]'))
    option.addEventListener('click', () => (host!.querySelector('[role=combobox]')!.textContent = option.textContent));
  return { keys, $: <T extends Element>(s: string) => host!.querySelector<T>(s)! };
}

async function refsOf(agent: PageAgent) {
  const state = (await handle(agent, cmd('get_page_state'))).output as PageState;
  return (name: string, role?: string) =>
    state.elements.find((e) => e.name === name && (!role || e.role === role))?.ref ??
    (() => {
      throw new Error(`no ${name} in ${JSON.stringify(state.elements.map((e) => [e.role, e.name]))}`);
    })();
}

describe('the act part', () => {
  it('is asked for before anything happens, and only by the actions that need it', async () => {
    const { keys, $ } = mount();
    const frame: { part?: ActPart } = {};
    const agent = createPageAgent({ doc: document, docId: 'd1', reader: () => undefined, actPart: () => frame.part });
    const ref = await refsOf(agent);
    const act = (input: object) => handle(agent, cmd('act', input));
    const lacking = { ok: false, error: 'no-act-part', message: NO_ACT_PART_MESSAGE };

    expect(await act({ action: 'type', ref: ref('City'), text: 'Bergen' })).toEqual(lacking);
    expect(await act({ action: 'press', ref: ref('City'), key: 'Enter' })).toEqual(lacking);
    expect(await act({ action: 'press', key: 'not a key' })).toEqual(lacking);
    expect(await act({ action: 'set_value', ref: ref('Guests'), value: '5' })).toEqual(lacking);
    expect(await act({ action: 'select', ref: ref('Airline', 'combobox'), option: 'Norse' })).toEqual(lacking);
    expect(await act({ action: 'select', ref: ref('Notes'), option: 'light' })).toEqual(lacking);
    // Calling a tool the page offers: its arguments are checked against the tool's schema by the part.
    expect(await handle(agent, cmd('call_tool', { name: 'anything', args: {} }))).toEqual(lacking);
    // Nothing reached the page: no key, no value, no choice, no selection.
    expect(keys).toEqual([]);
    expect($<HTMLInputElement>('[name=city]').value).toBe('Oslo');
    expect($<HTMLInputElement>('[name=guests]').value).toBe('2');
    expect($('[role=combobox]').textContent).toBe('Pick');
    const notes = $<HTMLTextAreaElement>('textarea');
    expect([notes.selectionStart, notes.selectionEnd]).not.toEqual([5, 10]);

    // The agent's own actions need no part.
    expect(await act({ action: 'select', ref: ref('Class'), option: 'Business' })).toMatchObject({
      ok: true,
      output: { value: 'Business' },
    });
    expect(await act({ action: 'focus', ref: ref('City') })).toMatchObject({ ok: true });
    expect(await act({ action: 'hover', ref: ref('Check') })).toMatchObject({ ok: true });
    expect(await act({ action: 'scroll', direction: 'down' })).toMatchObject({ ok: true });

    // With the part in the slot, the same calls act; the checks still run first.
    frame.part = actMechanics;
    expect(await act({ action: 'type', ref: ref('City'), text: 'Bergen' })).toMatchObject({
      ok: true,
      output: { wroteBy: 'keys', value: 'Bergen' },
    });
    expect(keys.slice(0, 2)).toEqual(['B', 'e']);
    expect(await act({ action: 'press', key: 'not a key' })).toMatchObject({
      ok: false,
      error: 'tool-error',
      message: expect.stringMatching(/is not a key/),
    });
    expect(await act({ action: 'set_value', ref: ref('Guests'), value: '5' })).toMatchObject({
      ok: true,
      output: { value: '5' },
    });
    expect(await act({ action: 'select', ref: ref('Airline', 'combobox'), option: 'Wideroe' })).toMatchObject({
      ok: true,
    });
    expect($('[role=combobox]').textContent).toBe('Wideroe');
    expect(await act({ action: 'select', ref: ref('Notes'), option: 'light' })).toMatchObject({ ok: true });
    expect([notes.selectionStart, notes.selectionEnd]).toEqual([5, 10]);
  });

  it("fills the frame's slot once: a second injection keeps the first part", () => {
    const before = globalThis.tabwiseActPart;
    try {
      globalThis.tabwiseActPart = undefined;
      installActPart(actMechanics);
      const other = { ...actMechanics };
      installActPart(other);
      expect(loadedActPart()).toBe(actMechanics);
    } finally {
      globalThis.tabwiseActPart = before;
    }
  });
});
