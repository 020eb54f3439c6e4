// The page-tool fixes the plain-page task gallery needed (tests/fixtures/tasks/plain): each case is the
// pattern of a gallery page, reduced, and asserts what the model reads or what the page ends up holding.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../lib/messaging/dispatch';
import { actMechanics } from '../../../lib/page/act-mechanics';
import { createPageAgent } from '../../../lib/page/page-agent';
import { pageCallValidators } from '../../../lib/page/page-call-validators';
import { pageProtocol } from '../../../lib/page/page-command';
import type { PageChanges } from '../../../lib/page/page-changes';
import type { PageState } from '../../../lib/page/page-state';
import { isSensitiveField } from '../../../lib/page/is-sensitive-field';

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

/** The page agent on this test page, called as the background calls it (guards, handlers, answer). */
function agentOnPage() {
  const agent = createPageAgent({
    doc: document,
    docId: 'doc-1',
    reader: () => undefined,
    actPart: () => actMechanics,
    highlightMs: 1,
  });
  let n = 0;
  const call = async (name: string, args: unknown) => {
    const raw = { tabwise: 'page', name, data: { runId: 'r1', toolCallId: `t${++n}`, args } };
    const reply = await dispatch(pageProtocol, raw, background, {
      validators: pageCallValidators,
      handlers: agent.handlers,
      from: 'background',
      self,
    });
    if (!reply?.ok) throw new Error(reply?.error.message);
    return (reply.value as { outcome: { ok: boolean; output?: unknown; message?: string } }).outcome;
  };
  const snapshot = async () => (await call('get_page_state', {})).output as PageState;
  return { call, snapshot };
}

const names = (state: PageState) => state.elements.map((e) => `${e.role}:${e.name}`);

describe('names a person would read', () => {
  it('breaks words at <br> and block boundaries inside a clickable card', async () => {
    mount(`<div class="card" style="cursor:pointer" onclick="void 0"><strong>Winter tyres</strong><br><small>An article about tyres.</small></div>
      <div style="cursor:pointer" onclick="void 0"><div>Invoice #7</div><div>Acme</div></div>`);
    expect(names(await agentOnPage().snapshot())).toEqual([
      'clickable:Winter tyres An article about tyres.',
      'clickable:Invoice #7 Acme',
    ]);
  });

  it('names a field by the label div beside its wrapper, and not by a neighbour that holds another field', async () => {
    mount(`<div class="row"><div class="lbl">Company name</div><div><input id="a"></div></div>
      <div class="row"><div class="lbl">VAT number</div><div><input id="b"></div></div>
      <div><div><label>Street <input id="c"></label></div><div><input id="d"></div></div>`);
    const state = await agentOnPage().snapshot();
    expect(names(state)).toEqual(['textbox:Company name', 'textbox:VAT number', 'textbox:Street', 'textbox:']);
  });
});

describe('controls inside table rows', () => {
  it('lists an underlined span link inside a clickable row, with the row it belongs to, and clicks that one only', async () => {
    const root =
      mount(`<style>tr.r { cursor: pointer } .l { cursor: pointer; text-decoration: underline } .plain { cursor: pointer }</style>
      <table><tr><th>Order</th><th>Customer</th><th></th></tr>
      <tr class="r"><td>#1</td><td>Ada</td><td><span class="l">Archive</span> <b class="plain">!</b></td></tr>
      <tr class="r"><td>#2</td><td>Alan</td><td><span class="l">Archive</span> <b class="plain">!</b></td></tr></table>
      <table><tr><th>City</th><td><input></td></tr></table>`);
    const archived: string[] = [];
    const opened: string[] = [];
    root
      .querySelectorAll<HTMLTableRowElement>('tr.r')
      .forEach((tr) => tr.addEventListener('click', () => opened.push(tr.cells[0]!.textContent!)));
    root.querySelectorAll('.l').forEach((l) =>
      l.addEventListener('click', (e) => {
        e.stopPropagation();
        archived.push(l.closest('tr')!.cells[0]!.textContent!);
      }),
    );
    const { call, snapshot } = agentOnPage();
    const state = await snapshot();
    // The bold "!" inherits the row's pointer and is not a control; the <th>-labelled field repeats no row text.
    expect(state.elements.map((e) => [e.role, e.name, e.row])).toEqual([
      ['clickable', '#1 Ada Archive !', undefined],
      ['clickable', 'Archive', '#1 Ada'],
      ['clickable', '#2 Alan Archive !', undefined],
      ['clickable', 'Archive', '#2 Alan'],
      ['textbox', 'City', undefined],
    ]);
    const second = state.elements.find((e) => e.name === 'Archive' && e.row === '#2 Alan');
    await call('click', { key: second?.ref });
    expect({ archived, opened }).toEqual({ archived: ['#2'], opened: [] });
  });
});

describe('scrolling an area', () => {
  it('says where the scrollable area is and when its end is reached, not only where the page is', async () => {
    mount(
      `<div id="box" style="height:100px;overflow:auto"><p><a href="#p">policy</a></p><div style="height:260px"></div></div>`,
    );
    const { call, snapshot } = agentOnPage();
    const link = (await snapshot()).elements.find((e) => e.name === 'policy')?.ref;
    const did = async () =>
      ((await call('act', { action: 'scroll', direction: 'down', ref: link })).output as { did: string }).did;
    expect(await did()).toMatch(
      /^scrolled down: the scrollable area around "policy" is at 80px of \d+px; the page is at/,
    );
    await did();
    expect(await did()).toMatch(/is at \d+px of \d+px \(its end\)/);
    expect(document.getElementById('box')?.scrollTop).toBeGreaterThan(150);
  });
});

describe('secrets named only by a neighbour', () => {
  it('keeps a text field out of the snapshot when the label beside its wrapper says it holds a PIN or a card number', async () => {
    mount(`<div class="row"><div>PIN code</div><div><input type="text" id="pin"></div></div>
      <div class="row"><div>Card number</div><div><input type="text" id="cc"></div></div>
      <div class="row"><div>Nickname</div><div><input type="text" id="nick"></div></div>`);
    expect(names(await agentOnPage().snapshot())).toEqual(['textbox:Nickname']);
  });
});

describe('date fields are not card expiries', () => {
  it('lists a read-only dd/mm/yyyy date field (it opens a picker) and still hides MM/YY expiry fields', async () => {
    mount(`<label for="in">Check-in date</label> <input id="in" readonly placeholder="dd/mm/yyyy">
      <label for="exp">Expires</label> <input id="exp" placeholder="MM/YY">
      <label for="exp2">Valid until</label> <input id="exp2" placeholder="mm / yyyy">`);
    expect(names(await agentOnPage().snapshot())).toEqual(['textbox:Check-in date']);
    const field = (id: string) => document.getElementById(id) as HTMLElement;
    expect([
      isSensitiveField(field('in'), 'Check-in date'),
      isSensitiveField(field('exp'), 'Expires'),
      isSensitiveField(field('exp2'), 'Valid until'),
    ]).toEqual([false, true, true]);
  });
});

describe('hover', () => {
  it('enters the wrapper around the trigger, so a menu that opens on mouseenter of the wrapper opens, and leaves it for another element', async () => {
    const root = mount(
      `<div id="wrap"><button>Account</button><ul role="menu" hidden><li role="menuitem">Billing</li></ul></div><button>Help</button>`,
    );
    const menu = root.querySelector('ul') as HTMLElement;
    root.querySelector('#wrap')?.addEventListener('mouseenter', () => {
      menu.hidden = false;
    });
    root.querySelector('#wrap')?.addEventListener('mouseleave', () => {
      menu.hidden = true;
    });
    const { call, snapshot } = agentOnPage();
    const state = await snapshot();
    const ref = (name: string) => state.elements.find((e) => e.name === name)?.ref;
    const over = await call('act', { action: 'hover', ref: ref('Account') });
    expect((over.output as { changes: PageChanges }).changes.appeared).toEqual([
      expect.objectContaining({ role: 'menuitem', name: 'Billing' }),
    ]);
    await call('act', { action: 'hover', ref: ref('Help') });
    expect(menu.hidden).toBe(true);
  });

  it('a click moves the pointer too: boxes it stays inside hear no second enter, and the ones it leaves hear leave', async () => {
    const root = mount(
      `<div id="wrap"><button>Account</button><ul role="menu"><li role="menuitem" tabindex="-1">Billing</li></ul></div><button>Help</button><button>Later</button>`,
    );
    const heard: string[] = [];
    const wrap = root.querySelector('#wrap')!;
    for (const type of ['mouseenter', 'mouseleave', 'pointerenter', 'pointerleave'])
      wrap.addEventListener(type, () => heard.push(type));
    const { call, snapshot } = agentOnPage();
    const state = await snapshot();
    const ref = (name: string) => state.elements.find((e) => e.name === name)!.ref;
    await call('act', { action: 'hover', ref: ref('Account') });
    expect(heard).toEqual(['pointerenter', 'mouseenter']);
    // Clicking inside the wrapper: the pointer never left it.
    await call('click', { key: ref('Billing') });
    expect(heard).toEqual(['pointerenter', 'mouseenter']);
    // Clicking outside it: the pointer left (a hover menu closes as it would for a person).
    await call('click', { key: ref('Help') });
    expect(heard).toEqual(['pointerenter', 'mouseenter', 'pointerleave', 'mouseleave']);
    // And a hover after that starts from Help: nothing more for the wrapper.
    await call('act', { action: 'hover', ref: ref('Later') });
    expect(heard).toHaveLength(4);
  });
});
