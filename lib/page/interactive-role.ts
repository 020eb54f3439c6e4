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
  return startsPointer(el) ? 'clickable' : undefined;
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
