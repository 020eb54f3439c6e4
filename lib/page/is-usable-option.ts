import { isFieldVisible } from './is-field-visible';

const HIDES = (style: CSSStyleDeclaration) =>
  style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse';

/**
 * Whether a person could pick this option now: a native `<option>` (of a select or datalist) or an ARIA
 * `role="option"`. Not when it is disabled (itself, by its optgroup or group, or aria-disabled), hidden (the
 * hidden attribute, display:none or visibility:hidden on it or its optgroup, aria-hidden, inert), or, for an
 * ARIA option, hidden as any field can be (off-screen, clipped, inside something hidden). A page offers
 * such options to scripts, not to people, so the snapshot never lists them and no write picks them.
 */
export function isUsableOption(option: Element): boolean {
  if (option.closest('[aria-hidden="true"], [inert], [aria-disabled="true"]')) return false;
  if (option.tagName === 'OPTION') {
    const o = option as HTMLOptionElement;
    if (o.disabled || o.matches(':disabled')) return false;
    const group = o.parentElement?.tagName === 'OPTGROUP' ? o.parentElement : undefined;
    if (o.hidden || group?.hidden) return false;
    // An option has no box while its select is closed, so only its computed style tells what CSS did to it.
    const view = o.ownerDocument.defaultView;
    if (!view) return true;
    return !HIDES(view.getComputedStyle(o)) && !(group && HIDES(view.getComputedStyle(group)));
  }
  return isFieldVisible(option);
}
