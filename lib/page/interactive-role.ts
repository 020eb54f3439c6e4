import { mayOwnCursor, ownCursorElements } from './own-cursor-elements';
import { passMemo } from './pass-memo';
import { isIconOnly } from './icon-name';

/** ARIA roles of widgets a person operates; an element with one of these is listed whatever its tag. */
const WIDGET_ROLES = new Set([
  'button',
  'link',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'combobox',
  'listbox',
  'treeitem',
  'gridcell',
  'textbox',
  'searchbox',
]);

const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
  color: 'button',
  file: 'button',
};

/**
 * The role under which `el` is listed as something a person can interact with, or undefined. Native
 * controls and ARIA widgets by their role; contenteditable hosts as textboxes; and, since listeners that
 * frameworks attach are invisible to a page script, elements that behave as controls are detected by what
 * a person sees or a script can read: an onclick attribute or property, or a pointer cursor that starts on
 * the element (not inherited from its parent) together with tabindex, or on its own (a styled div or span
 * link). Labels are left out (the control they name is listed), and so is anything inside a link or button.
 */
export function interactiveRole(el: Element): string | undefined {
  const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit && WIDGET_ROLES.has(explicit)) return explicit;
  switch (el.tagName) {
    case 'A':
      if (el.hasAttribute('href')) return 'link';
      break;
    case 'BUTTON':
    case 'SUMMARY':
      return 'button';
    case 'INPUT': {
      const input = el as HTMLInputElement;
      if (input.type === 'hidden') return undefined;
      return INPUT_ROLES[input.type] ?? (input.list ? 'combobox' : 'textbox');
    }
    case 'SELECT':
      return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
    case 'TEXTAREA':
      return 'textbox';
    case 'LABEL':
    case 'BODY':
    case 'HTML':
    case 'OPTION':
      return undefined;
  }
  const html = el as HTMLElement;
  if (html.isContentEditable && !html.parentElement?.isContentEditable) return 'textbox';
  if (explicit === 'presentation' || explicit === 'none') return undefined;
  if (el.hasAttribute('onclick') || typeof html.onclick === 'function') return 'clickable';
  if (!html.style || isInsideLinkOrButton(el)) return undefined;
  const focusable = el.hasAttribute('tabindex') && html.tabIndex >= 0;
  const pointer = startsPointer(el);
  // A focusable or pointer handle on a long, thin track is a slider however it is drawn (jQuery UI's <span>).
  if ((focusable || pointer) && isSliderHandle(el)) return 'slider';
  // An icon-only element a person can reach or that names itself (a title, a focusable ligature, a link with no address).
  if ((focusable || el.hasAttribute('title') || el.tagName === 'A') && !explicit && isIconOnly(el)) return 'button';
  if (el.tagName === 'A' && el.hasAttribute('title') && !explicit) return 'button';
  return pointer ? 'clickable' : undefined;
}

/**
 * A handle a person drags along a track: small, inside a parent at least four times as long as the handle and
 * three times as long as it is thick, and placed on it by the page (positioned). Text-free: a chip or a tag with
 * words in it is no handle.
 */
function isSliderHandle(el: Element): boolean {
  const track = el.parentElement;
  const view = el.ownerDocument.defaultView;
  if (!track || !view || (el.textContent ?? '').trim()) return false;
  const position = view.getComputedStyle(el).position;
  if (position !== 'absolute' && position !== 'relative') return false;
  const h = el.getBoundingClientRect();
  const t = track.getBoundingClientRect();
  if (!h.width || !h.height || h.width > 48 || h.height > 48) return false;
  const horizontal = t.width >= 4 * h.width && t.width >= 3 * t.height;
  const vertical = t.height >= 4 * h.height && t.height >= 3 * t.width;
  return horizontal || vertical;
}

/**
 * A pointer cursor set on the element itself, not inherited from the parent (which would list every child).
 * Inside a clickable parent (a row that opens on click) a control of its own shows itself as a person sees
 * it: underlined as a link where the parent is not, or reachable with the keyboard (tabindex).
 */
function startsPointer(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  if (cursorOf(el, view) !== 'pointer') return false;
  const parent = el.parentElement ?? (el.parentNode instanceof view.ShadowRoot ? el.parentNode.host : null);
  if (!parent) return true;
  if (cursorOf(parent, view) !== 'pointer') return true;
  const style = view.getComputedStyle(el);
  const parentStyle = view.getComputedStyle(parent);
  const underlined = (s: CSSStyleDeclaration) => s.textDecorationLine.includes('underline');
  return (underlined(style) && !underlined(parentStyle)) || el.hasAttribute('tabindex');
}

/**
 * The element's computed cursor. In a pass it is read once per element, and not at all for an element of
 * the document's own tree that no rule could give a cursor of its own (it inherits its parent's): reading a
 * computed style for each of 5,000 elements was a quarter of a snapshot.
 */
function cursorOf(el: Element, view: Window): string {
  const memo = passMemo<string>('cursor');
  let cursor = memo?.get(el);
  if (cursor !== undefined) return cursor;
  const parent = el.parentElement;
  const own = memo && ownCursorsOf(el.ownerDocument);
  cursor =
    own &&
    parent &&
    !mayOwnCursor(el, own) &&
    !el.shadowRoot &&
    !(el as HTMLElement).assignedSlot &&
    el.getRootNode() === el.ownerDocument
      ? cursorOf(parent, view)
      : view.getComputedStyle(el).cursor;
  memo?.set(el, cursor);
  return cursor;
}

/** The document's elements that may set their own cursor, worked out once per pass (null: every one may). */
function ownCursorsOf(doc: Document): Set<Element> | undefined {
  const memo = passMemo<Set<Element> | null>('own-cursor');
  const key = doc.documentElement;
  if (!memo || !key) return undefined;
  let own = memo.get(key);
  if (own === undefined) memo.set(key, (own = ownCursorElements(doc) ?? null));
  return own ?? undefined;
}

/** `el.closest('a[href], button')` below `el` itself; in a pass, answered from the parent's memo. */
function isInsideLinkOrButton(el: Element): boolean {
  const memo = passMemo<boolean>('in-link');
  if (!memo) return el.closest('a[href], button') !== null;
  const walk = (at: Element | null): boolean => {
    if (!at) return false;
    const known = memo.get(at);
    if (known !== undefined) return known;
    const inside = (at.tagName === 'A' && at.hasAttribute('href')) || at.tagName === 'BUTTON' || walk(at.parentElement);
    memo.set(at, inside);
    return inside;
  };
  return (el.tagName === 'A' && el.hasAttribute('href')) || el.tagName === 'BUTTON' || walk(el.parentElement);
}
