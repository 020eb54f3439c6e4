// Issue "Reach, the last mile": controls a person operates that the page tools missed or misread, each reduced to
// its pattern; the assertions are what the model reads and what the page ends up holding.
import { afterEach, describe, expect, it } from 'vitest';
import type { PageElement } from '../../../lib/page/page-state';
import { agentOn } from './lib-agent';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

function mount(html: string, script?: (root: HTMLElement) => void): HTMLElement {
  host = document.createElement('div');
  host.innerHTML = html;
  document.body.appendChild(host);
  script?.(host);
  return host;
}

const listed = (elements: PageElement[]) =>
  elements.map((e) => `${e.role}:${e.name}${e.nameGuessed ? ' (guess)' : ''}`);

describe('icon controls are named as a person reads them', () => {
  it('by SVG <title>, icon-font ligature, title, and (marked as a guess) a telling class', async () => {
    mount(`<div style="display:flex">
      <button><i class="fa fa-trash-can"></i></button>
      <span class="material-icons" tabindex="0">mark_email_unread</span>
      <div title="Archive" style="cursor:pointer"><svg width="16" height="16" viewBox="0 0 4 4" aria-hidden="true"><rect width="4" height="4"/></svg></div>
      <div style="cursor:pointer"><svg width="16" height="16" viewBox="0 0 4 4"><title>Reply</title><rect width="4" height="4"/></svg></div>
      <a title="Next" class="ui-datepicker-next"><span class="ui-icon">Next</span></a>
    </div>`);
    const state = await agentOn(document).snapshot();
    expect(listed(state.elements)).toEqual([
      'button:trash can (guess)',
      'button:mark email unread',
      'button:Archive',
      'clickable:Reply',
      'button:Next',
    ]);
  });
});

describe('a bare handle on a track is a slider', () => {
  it('is listed with its place, and set_value moves it by keys until the readout shows the number', async () => {
    mount(
      `<p>Budget: <output id="out">200</output></p>
       <div id="track" style="position:relative; width:300px; height:8px; background:#ccc">
         <span id="h" tabindex="0" style="position:absolute; left:20%; margin-left:-7px; top:-4px; width:14px; height:14px; background:#236"></span></div>`,
      (root) => {
        let value = 200;
        const h = root.querySelector<HTMLElement>('#h')!;
        h.addEventListener('keydown', (e) => {
          // Like jQuery UI: the legacy keyCode decides.
          const step = { 37: -10, 39: 10, 36: -value, 35: 1000 - value }[e.keyCode];
          if (step === undefined) return;
          e.preventDefault();
          value = Math.max(0, Math.min(1000, value + step));
          h.style.left = `${value / 10}%`;
          root.querySelector('#out')!.textContent = String(value);
        });
      },
    );
    const agent = agentOn(document);
    const state = await agent.snapshot();
    const slider = state.elements.find((e) => e.role === 'slider');
    expect(slider).toMatchObject({ name: 'Budget: 200', value: '20%', constraints: { min: '0%', max: '100%' } });
    const set = await agent.act('set_value', { ref: slider!.ref, value: '350' });
    expect(set.output?.value).toBe('350');
    expect(document.querySelector('#out')!.textContent).toBe('350');
  });
});

describe('trees', () => {
  it('say which folders are open, named by their own row', async () => {
    mount(`<ul role="tree">
      <li role="treeitem"><span>src</span><ul role="group" hidden><li role="treeitem">main.ts</li></ul></li>
      <li role="treeitem"><span>docs</span><ul role="group"><li role="treeitem">faq.md</li></ul></li>
    </ul>`);
    const state = await agentOn(document).snapshot();
    expect(state.elements.map((e) => [e.name, e.expanded])).toEqual([
      ['src', false],
      ['docs', true],
      ['faq.md', undefined],
    ]);
  });
});

describe('a page of bare controls is never an empty snapshot', () => {
  it('offers the short texts and icons a person would click, and says they are unsure', async () => {
    mount(`<div class="post"><div>Ada Lovelace</div><div>A long post about a grey cat found near the bakery this morning, please share.</div>
      <span id="like">♡ Like · 4</span><div>⋯</div></div>`);
    // Nothing else on the test page may say it is a control.
    const agent = agentOn(document);
    const state = await agent.snapshot();
    expect(listed(state.elements)).toEqual(['clickable:Ada Lovelace', 'clickable:♡ Like · 4', 'clickable:⋯']);
    expect(state.notice).toMatch(/No element here says it is a control/);
  });
});

describe('acting like a pointer', () => {
  it('a click on a tab lands on the link inside it, where its listener is', async () => {
    let opened = '';
    mount(
      `<ul><li role="tab" tabindex="0"><a href="#p" tabindex="-1" style="display:block; padding:4px">Reviews</a></li></ul>`,
      (root) =>
        root.querySelector('a')!.addEventListener('click', (e) => {
          e.preventDefault();
          opened = 'reviews';
        }),
    );
    const agent = agentOn(document);
    const state = await agent.snapshot();
    const clicked = await agent.call('click', { key: agent.ref(state, 'Reviews', 'tab') });
    expect(clicked.ok).toBe(true);
    expect(opened).toBe('reviews');
  });

  it('never clicks what covers the element: an overlay on top of it gets nothing, the element gets the click', async () => {
    const got: string[] = [];
    mount(
      `<button id="ok" style="position:relative">Save draft</button>
       <div id="cover" style="position:fixed; inset:0; opacity:0.01; z-index:99"></div>`,
      (root) => {
        root.querySelector('#ok')!.addEventListener('click', () => got.push('button'));
        root.querySelector('#cover')!.addEventListener('click', () => got.push('overlay'));
      },
    );
    const agent = agentOn(document);
    const state = await agent.snapshot();
    await agent.call('click', { key: agent.ref(state, 'Save draft', 'button') });
    expect(got).toEqual(['button']);
  });

  it('a click that changes nothing on the page says so', async () => {
    mount(`<button>Does nothing</button>`);
    const agent = agentOn(document);
    const state = await agent.snapshot();
    const clicked = await agent.call('click', { key: agent.ref(state, 'Does nothing', 'button') });
    expect(clicked.output?.changes?.noVisibleChange).toBe(true);
  });
});

describe('typing that cannot be refused silently', () => {
  it('falls back to writing the value with input events when the page cancels every key, and says so', async () => {
    let seen = '';
    mount(`<label>Promo code <input id="promo"></label>`, (root) => {
      const input = root.querySelector('input')!;
      input.addEventListener('keydown', (e) => e.preventDefault());
      input.addEventListener('input', () => (seen = input.value));
    });
    const agent = agentOn(document);
    const state = await agent.snapshot();
    const typed = await agent.act('type', { ref: agent.ref(state, 'Promo code'), text: 'SPRING25' });
    expect(typed.output).toMatchObject({ value: 'SPRING25', wroteBy: 'value' });
    expect(typed.output?.did).toMatch(/cancelled the key events/);
    expect(seen).toBe('SPRING25');
  });

  it('types key by key where the page lets it', async () => {
    mount(`<label>Name <input></label>`);
    const agent = agentOn(document);
    const state = await agent.snapshot();
    const typed = await agent.act('type', { ref: agent.ref(state, 'Name'), text: 'Ada' });
    expect(typed.output).toMatchObject({ value: 'Ada', wroteBy: 'keys' });
  });

  it('sets a spinner that refuses keys by its value', async () => {
    mount(
      `<label for="n">Adults</label><input id="n" role="spinbutton" aria-valuemin="1" aria-valuemax="10" aria-valuenow="2" value="2">`,
      (root) => {
        const input = root.querySelector('input')!;
        input.addEventListener('keydown', (e) => e.preventDefault());
        input.addEventListener('input', () => input.setAttribute('aria-valuenow', input.value));
      },
    );
    const agent = agentOn(document);
    const state = await agent.snapshot();
    const set = await agent.act('set_value', { ref: agent.ref(state, 'Adults', 'spinbutton'), value: '5' });
    expect(set.output?.value).toBe('5');
    expect(document.querySelector('#n')!.getAttribute('aria-valuenow')).toBe('5');
  });
});

describe('read-back by set', () => {
  it('a multi-select the page re-orders counts as written', async () => {
    mount(
      `<label for="l">Languages</label><select id="l" multiple size="4"><option>C</option><option>Go</option><option>Rust</option><option>Zig</option></select>`,
      (root) => {
        const select = root.querySelector('select')!;
        select.addEventListener('change', () => {
          for (const o of [...select.options].filter((o) => o.selected)) select.prepend(o);
        });
      },
    );
    const agent = agentOn(document);
    const state = await agent.snapshot();
    const ref = agent.ref(state, 'Languages');
    const filled = await agent.call('fill_form', { updates: { [ref]: ['Go', 'Zig'] } });
    const out = filled.output as unknown as { written: { key: string; value: string[] }[]; failed: unknown[] };
    expect(out.failed).toEqual([]);
    expect([...out.written[0]!.value].sort()).toEqual(['Go', 'Zig']);
  });
});
