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
 * `root`, when the caller knows it, is `el.getRootNode()` (a walk over a root saves asking for each element).
 */
export function interactiveRole(el: Element, root?: Document | ShadowRoot): string | undefined {
  const facts = rootFacts(el, root);
  // Outside a pass (or for a detached element) every attribute is read; in a pass, only those of marked elements.
  const marked = !facts || facts.marked.has(el);
  const explicit = marked ? el.getAttribute('role')?.trim().split(/\s+/)[0] : undefined;
  if (explicit && WIDGET_ROLES.has(explicit)) return explicit;
  const tag = el.tagName;
  switch (tag) {
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
  if ((marked && el.hasAttribute('onclick')) || typeof html.onclick === 'function') return 'clickable';
  if (!('style' in html) || isInsideLinkOrButton(el, facts)) return undefined;
  const focusable = marked && el.hasAttribute('tabindex') && html.tabIndex >= 0;
  const pointer = startsPointer(el, marked, facts);
  // A focusable or pointer handle on a long, thin track is a slider however it is drawn (jQuery UI's <span>).
  if ((focusable || pointer) && isSliderHandle(el)) return 'slider';
  const titled = marked && el.hasAttribute('title');
  // An icon-only element a person can reach or that names itself (a title, a focusable ligature, a link with no address).
  if ((focusable || titled || tag === 'A') && !explicit && isIconOnly(el)) return 'button';
  if (tag === 'A' && titled && !explicit) return 'button';
  return pointer ? 'clickable' : undefined;
}

/**
 * What one pass knows of a document or shadow root, worked out once (the pass's memo: nothing is kept after it,
 * so a later pass sees the page as it is then). `marked` holds the elements that carry any attribute the role
 * depends on (role, onclick, tabindex, title, contenteditable, style): any other element has none of them, so
 * they are not read one by one (a dozen attribute reads per element were most of a 5,000-element snapshot).
 * `own` holds the elements a style rule may give a cursor (ownCursorElements; undefined when the sheets cannot
 * be read). The cursor and link memos are per element of the root.
 */
interface RootFacts {
  /** The root is a document (not a shadow root): its elements' cursors follow its own style sheets. */
  isDocument: boolean;
  view: (Window & typeof globalThis) | null;
  marked: Set<Element>;
  own: Set<Element> | undefined;
  cursor: Map<Element, string>;
  inLink: Map<Element, boolean>;
}

const MARKED = '[role], [onclick], [tabindex], [title], [contenteditable], [style]';

function rootFacts(el: Element, known?: Document | ShadowRoot): RootFacts | undefined {
  const memo = passMemo<RootFacts | null>('role-facts');
  if (!memo) return undefined;
  const root = known ?? el.getRootNode();
  // A detached element's root is an element (or nothing a query covers): read everything, as outside a pass.
  if (root.nodeType !== 9 && root.nodeType !== 11) return undefined;
  const key = root as unknown as Element;
  let facts = memo.get(key);
  if (facts === undefined) {
    const scope = root as Document | ShadowRoot;
    const doc = root.nodeType === 9 ? (root as Document) : undefined;
    facts = {
      isDocument: !!doc,
      view: (doc ?? (scope as ShadowRoot).ownerDocument).defaultView as (Window & typeof globalThis) | null,
      marked: new Set(scope.querySelectorAll(MARKED)),
      own: doc ? ownCursorElements(doc) : undefined,
      cursor: new Map(),
      inLink: new Map(),
    };
    memo.set(key, facts);
  }
  return facts ?? undefined;
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
function startsPointer(el: Element, marked: boolean, facts: RootFacts | undefined): boolean {
  const view = facts ? facts.view : (el.ownerDocument.defaultView as (Window & typeof globalThis) | null);
  if (!view) return false;
  if (cursorOf(el, view, facts, marked) !== 'pointer') return false;
  const parent = el.parentElement ?? (el.parentNode instanceof view.ShadowRoot ? el.parentNode.host : null);
  if (!parent) return true;
  const parentFacts = el.parentElement ? facts : rootFacts(parent);
  if (cursorOf(parent, view, parentFacts, !parentFacts || parentFacts.marked.has(parent)) !== 'pointer') return true;
  const style = view.getComputedStyle(el);
  const parentStyle = view.getComputedStyle(parent);
  const underlined = (s: CSSStyleDeclaration) => s.textDecorationLine.includes('underline');
  return (underlined(style) && !underlined(parentStyle)) || (marked && el.hasAttribute('tabindex'));
}

/**
 * The element's computed cursor. In a pass it is read once per element, and not at all for an element of
 * the document's own tree that no rule could give a cursor of its own (it inherits its parent's): reading a
 * computed style for each of 5,000 elements was a quarter of a snapshot. `marked`: whether the element may
 * carry attributes (RootFacts.marked).
 */
function cursorOf(el: Element, view: Window, facts: RootFacts | undefined, marked: boolean): string {
  const memo = facts?.cursor;
  let cursor = memo?.get(el);
  if (cursor !== undefined) return cursor;
  const own = facts?.own;
  const parent = own && facts.isDocument ? el.parentElement : null;
  cursor =
    own && parent && !mayOwnCursor(el, own, marked) && !el.shadowRoot && !(el as HTMLElement).assignedSlot
      ? cursorOf(parent, view, facts, facts.marked.has(parent))
      : view.getComputedStyle(el).cursor;
  memo?.set(el, cursor);
  return cursor;
}

/** `el.closest('a[href], button')` below `el` itself; in a pass, answered from the parent's memo. */
function isInsideLinkOrButton(el: Element, facts: RootFacts | undefined): boolean {
  const memo = facts?.inLink;
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
