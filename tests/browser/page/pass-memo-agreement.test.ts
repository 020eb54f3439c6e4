// The memos of one pass (role facts per root, layout facts, hidden verdicts) are shortcuts only: inside a pass
// every element must get the answer it gets outside one, read attribute by attribute and style by style.
import { afterEach, describe, expect, it } from 'vitest';
import { hiddenVerdict } from '../../../lib/page/hidden-verdict';
import { interactiveRole } from '../../../lib/page/interactive-role';
import { isFieldVisible } from '../../../lib/page/is-field-visible';
import { withPassMemo } from '../../../lib/page/pass-memo';
import { walkFormRoots } from '../../../lib/page/walk-form-roots';
import { loadFixture, type LoadedFixture } from './load-fixture';

let page: LoadedFixture | undefined;
let host: HTMLElement | undefined;
afterEach(() => {
  page?.remove();
  page = undefined;
  host?.remove();
  host = undefined;
});

/** Each element's role, verdict and visibility: read one by one, then in one pass; both lists must be equal. */
function facts(doc: Document): { outside: string[]; inside: string[] } {
  const elements: { el: Element; root?: Document | ShadowRoot }[] = [];
  walkFormRoots(doc, (el, where) => elements.push({ el, ...(where.root ? { root: where.root } : {}) }));
  const describe = (el: Element, role: string | undefined) =>
    `${el.tagName}#${el.id}.${el.className}: ${role ?? '-'} ${hiddenVerdict(el)} ${isFieldVisible(el)}`;
  const outside = elements.map(({ el }) => describe(el, interactiveRole(el)));
  const inside = withPassMemo(() => elements.map(({ el, root }) => describe(el, interactiveRole(el, root))));
  return { outside, inside };
}

describe('a pass answers as the element-by-element checks do', () => {
  for (const name of ['widgets', 'shadow', 'plain', 'lib-jqueryui', 'lib-people', 'iframe']) {
    it(`on the ${name} fixture`, async () => {
      page = await loadFixture(name);
      const { outside, inside } = facts(page.doc);
      expect(outside.length).toBeGreaterThan(10);
      expect(inside).toEqual(outside);
    });
  }

  it('on attributes, inline styles, cursor rules, an editable host, a shadow root and a detached element', () => {
    host = document.createElement('div');
    host.innerHTML = `
      <style>.pointer { cursor: pointer } .far { position: absolute; left: -9999px } .gone { transform: scale(0) }</style>
      <div role="button" id="r">Role</div><div onclick="void 0" id="o">Attr click</div><span id="p">Property click</span>
      <div tabindex="0" title="Star" id="t"><svg width="10" height="10"></svg></div>
      <div class="pointer" id="c">Card <span id="cc">inner</span> <u tabindex="0" id="cu">underlined</u></div>
      <div style="cursor: pointer" id="s">Inline pointer</div><a title="Help" id="a">?</a>
      <div contenteditable="true" id="e">Edit <b id="eb">me</b></div>
      <input class="far" id="hp"><input class="gone" id="g"><input style="opacity:0" id="op"><input id="ok">
      <div id="h"></div>`;
    document.body.appendChild(host);
    (host.querySelector('#p') as HTMLElement).onclick = () => undefined;
    const shadow = (host.querySelector('#h') as HTMLElement).attachShadow({ mode: 'open' });
    shadow.innerHTML = `<style>span { cursor: pointer }</style><span id="sp">Shadow pointer</span><button>Go</button>`;
    const { outside, inside } = facts(document);
    expect(inside).toEqual(outside);
    expect(outside.join('\n')).toMatch(/SPAN#sp\.: clickable/);
    expect(outside.join('\n')).toMatch(/DIV#c\.pointer: clickable/);
    const detached = document.createElement('div');
    detached.setAttribute('role', 'tab');
    expect(withPassMemo(() => interactiveRole(detached))).toBe(interactiveRole(detached));
  });
});
