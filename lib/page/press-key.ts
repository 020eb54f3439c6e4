import { deepActiveElement } from './deep-active-element';
import { dispatchKey, isPrintable, type KeyPress } from './key-events';
import { setNativeValue } from './set-native-value';

const ACTIVATES = /^(button|link|menuitem|menuitemcheckbox|menuitemradio|option|tab|treeitem|switch|checkbox|radio)$/;

/**
 * Presses one key (with modifiers) on `target`, or on whatever has the focus: keydown, keypress for keys
 * that make a character, keyup. Synthetic key events do not make the browser act, so what a person's key
 * would do by default is done here unless a listener cancelled the keydown: Enter activates a button or
 * link and submits the form of a text field, Space toggles a button or checkbox, Tab moves the focus,
 * arrows step a native slider. Answers the element the key went to.
 */
export function pressKey(doc: Document, press: KeyPress, target?: Element): Element {
  if (target) (target as HTMLElement).focus?.({ preventScroll: true });
  const el = target ?? deepActiveElement(doc) ?? doc.body;
  const down = dispatchKey(el, 'keydown', press);
  if (down && isPrintable(press)) dispatchKey(el, 'keypress', press);
  if (down) defaultAction(el, press);
  dispatchKey(el, 'keyup', press);
  return el;
}

function defaultAction(el: Element, press: KeyPress): void {
  const html = el as HTMLElement;
  const role = el.getAttribute('role') ?? '';
  const tag = el.tagName;
  const input = el as HTMLInputElement;
  switch (press.key) {
    case 'Enter':
      if (tag === 'BUTTON' || (tag === 'A' && el.hasAttribute('href')) || ACTIVATES.test(role)) html.click();
      else if (tag === 'INPUT' && input.form && !/^(checkbox|radio|button|submit|reset)$/.test(input.type))
        input.form.requestSubmit();
      break;
    case ' ':
      if (
        tag === 'BUTTON' ||
        (tag === 'INPUT' && /^(checkbox|radio|button|submit)$/.test(input.type)) ||
        /^(button|checkbox|switch|radio|option|menuitem)$/.test(role)
      )
        html.click();
      break;
    case 'Tab':
      moveFocus(el, press.shiftKey ? -1 : 1);
      break;
    case 'ArrowUp':
    case 'ArrowRight':
    case 'ArrowDown':
    case 'ArrowLeft':
      if (tag === 'INPUT' && input.type === 'range') {
        if (press.key === 'ArrowUp' || press.key === 'ArrowRight') input.stepUp();
        else input.stepDown();
        setNativeValue(input, input.value);
      }
      break;
  }
}

const TABBABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex], [contenteditable=""], [contenteditable="true"], summary';

/** The next (or previous) element in the tab order of the element's document. */
function moveFocus(from: Element, step: 1 | -1): void {
  const doc = from.ownerDocument;
  const all = Array.from(doc.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.checkVisibility(),
  );
  const i = all.indexOf(from as HTMLElement);
  const next = all[i < 0 ? (step > 0 ? 0 : all.length - 1) : (i + step + all.length) % all.length];
  next?.focus();
}
