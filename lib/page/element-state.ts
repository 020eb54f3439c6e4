import { boxOf, viewportOf } from './layout-memo';
import type { PageElement } from './page-state';

type State = Pick<PageElement, 'checked' | 'selected' | 'expanded' | 'disabled' | 'value' | 'constraints'>;

const MAX_VALUE = 200;
const bool = (v: string | null) => (v === 'true' ? true : v === 'false' ? false : undefined);

/**
 * What a person can see of a control's state: checked, selected, expanded, disabled, its value (text of an
 * input, a slider's value) and a slider's range. Only what is set is reported, so the list stays short.
 */
export function elementState(el: Element, role: string): State {
  const s: State = {};
  const input = el as HTMLInputElement;
  if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio'))
    s.checked = input.indeterminate ? 'mixed' : input.checked;
  else {
    const aria = el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed');
    if (aria === 'mixed') s.checked = 'mixed';
    else if (bool(aria) !== undefined) s.checked = bool(aria);
  }
  const selected = bool(el.getAttribute('aria-selected'));
  if (selected !== undefined) s.selected = selected;
  const expanded =
    el.tagName === 'SUMMARY'
      ? (el.parentElement as HTMLDetailsElement | null)?.open
      : bool(el.getAttribute('aria-expanded'));
  if (expanded !== undefined) s.expanded = expanded;
  else if (role === 'treeitem') {
    // A folder says nothing in ARIA: a person sees whether its children show.
    const group = el.querySelector(':scope > [role="group"], :scope > ul, :scope > ol');
    if (group) s.expanded = group.checkVisibility();
  }
  if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') s.disabled = true;
  if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') {
    if (input.type !== 'checkbox' && input.type !== 'radio' && input.value) s.value = input.value.slice(0, MAX_VALUE);
  } else if (role === 'slider' && !el.hasAttribute('aria-valuenow')) {
    // A bare handle: where it sits along its track is what a person sees (set_value reads the page's own readout).
    const at = handlePosition(el);
    if (at !== undefined) {
      s.value = `${at}%`;
      s.constraints = { min: '0%', max: '100%' };
    }
  } else if (role === 'slider' || role === 'spinbutton' || el.hasAttribute('aria-valuenow')) {
    const text = el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow');
    if (text) s.value = text.slice(0, MAX_VALUE);
    const min = el.getAttribute('aria-valuemin');
    const max = el.getAttribute('aria-valuemax');
    if (min !== null || max !== null)
      s.constraints = { ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
  } else if (role === 'combobox' || role === 'textbox' || role === 'searchbox') {
    const text = (el as HTMLElement).innerText?.replace(/\s+/g, ' ').trim();
    if (text) s.value = text.slice(0, MAX_VALUE);
  }
  return s;
}

/** Whether the element's box meets its window's viewport now. */
export function isInView(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  const r = boxOf(el);
  const port = viewportOf(view);
  return r.bottom > 0 && r.right > 0 && r.top < port.height && r.left < port.width;
}

/** How far along its track a slider handle sits, in whole percent (left to right, bottom to top). */
export function handlePosition(el: Element): number | undefined {
  const track = el.parentElement?.getBoundingClientRect();
  const h = el.getBoundingClientRect();
  if (!track || !track.width || !track.height) return undefined;
  const at =
    track.width >= track.height
      ? (h.left + h.width / 2 - track.left) / track.width
      : (track.bottom - (h.top + h.height / 2)) / track.height;
  return Math.round(Math.max(0, Math.min(1, at)) * 100);
}
