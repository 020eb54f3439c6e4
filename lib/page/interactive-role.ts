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
  if (!html.style || el.closest('a[href], button')) return undefined;
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
  const style = view.getComputedStyle(el);
  if (style.cursor !== 'pointer') return false;
  const parent = el.parentElement ?? (el.parentNode instanceof view.ShadowRoot ? el.parentNode.host : null);
  if (!parent) return true;
  const parentStyle = view.getComputedStyle(parent);
  if (parentStyle.cursor !== 'pointer') return true;
  const underlined = (s: CSSStyleDeclaration) => s.textDecorationLine.includes('underline');
  return (underlined(style) && !underlined(parentStyle)) || el.hasAttribute('tabindex');
}
