import { usableRadios } from './field-facts';
import type { FieldType, FieldValue } from './form-snapshot';
import { isUsableOption } from './is-usable-option';
import { normalizeDateValue, type DateInputType } from './normalize-date-value';
import { radioIdentities, findRadio } from './radio-identity';
import { dispatchInputAndChange, setNativeValue } from './set-native-value';

/** What a write intended (for the read-back), or why it could not be attempted. */
export type WriteOutcome = { ok: true; expected: FieldValue } | { ok: false; reason: string };

const DATE_TYPES = new Set(['date', 'datetime-local', 'time', 'month', 'week']);
const TRUE = /^(true|on|yes|1|checked)$/i;
const FALSE = /^(false|off|no|0|unchecked|)$/i;

/** How a write may choose. */
export interface WriteOptions {
  /**
   * Undo puts back what the page itself had chosen (a hidden "Choose…" placeholder often): any option, hidden
   * or disabled, may be restored then. Never for a value the model sent.
   */
  restoring?: boolean;
}

/**
 * Writes one value as a person would: focus, change, blur. Checkboxes and radios are clicked (only when their
 * state differs), selects match a value or a visible label, dates arrive as ISO and leave in the input's format.
 */
export function writeField(
  type: FieldType,
  elements: HTMLElement[],
  value: FieldValue,
  options: WriteOptions = {},
): WriteOutcome {
  const el = elements[0] as HTMLElement;
  switch (type) {
    case 'checkbox':
      return writeCheckbox(el as HTMLInputElement, value);
    case 'radio':
      return writeRadio(elements as HTMLInputElement[], value, options.restoring === true);
    case 'select':
    case 'select-multiple':
      return writeSelect(el as HTMLSelectElement, value, options.restoring === true);
    case 'contenteditable':
      return typeof value === 'string' ? writeEditable(el, value) : { ok: false, reason: 'expected text' };
    default:
      return writeText(el as HTMLInputElement | HTMLTextAreaElement, type, value);
  }
}

function writeText(el: HTMLInputElement | HTMLTextAreaElement, type: FieldType, value: FieldValue): WriteOutcome {
  if (typeof value !== 'string') return { ok: false, reason: `expected text for a ${type} field` };
  let text = value;
  if (DATE_TYPES.has(type)) {
    const normalized = normalizeDateValue(type as DateInputType, value);
    if ('error' in normalized) return { ok: false, reason: normalized.error };
    text = normalized.value;
  }
  // The browser does not stop a script from passing maxlength, but a person could never type past it.
  if (el.hasAttribute('maxlength') && el.maxLength >= 0 && text.length > el.maxLength) {
    return { ok: false, reason: `longer than the field's maxlength of ${el.maxLength} characters` };
  }
  asUser(el, () => {
    if (el.value !== text) setNativeValue(el, text);
  });
  return { ok: true, expected: text };
}

function writeCheckbox(el: HTMLInputElement, value: FieldValue): WriteOutcome {
  const want =
    typeof value === 'boolean'
      ? value
      : typeof value === 'string' && TRUE.test(value)
        ? true
        : typeof value === 'string' && FALSE.test(value)
          ? false
          : undefined;
  if (want === undefined) return { ok: false, reason: 'expected true or false for a checkbox' };
  if (el.checked !== want) asUser(el, () => el.click());
  return { ok: true, expected: want };
}

function writeRadio(radios: HTMLInputElement[], value: FieldValue, anyOption: boolean): WriteOutcome {
  if (typeof value !== 'string') return { ok: false, reason: 'expected one of the options as text' };
  if (value === '') {
    // Undo may need "nothing chosen", which no click can produce.
    for (const r of radios.filter((r) => r.checked)) asUser(r, () => setChecked(r, false));
    return { ok: true, expected: '' };
  }
  const found = findRadio(radios, value);
  if ('reason' in found) return { ok: false, reason: found.reason };
  const { radio } = found;
  // The page may have hidden or disabled this option since the snapshot listed it: a person could not pick it now.
  if (!anyOption && !usableRadios([radio]).length) return { ok: false, reason: unusable(value) };
  if (!radio.checked) asUser(radio, () => radio.click());
  return { ok: true, expected: checkedIdentityOf(radios, radio) };
}

/**
 * Chooses among the options a person could pick now (isUsableOption, judged at write time: the page may have
 * hidden one since the snapshot); naming a hidden or disabled one fails with that reason.
 */
function writeSelect(el: HTMLSelectElement, value: FieldValue, anyOption: boolean): WriteOutcome {
  const all = Array.from(el.options);
  const options = anyOption ? all : all.filter(isUsableOption);
  const labels = (o: HTMLOptionElement) => [o.value, o.text, o.label];
  const find = (w: string): HTMLOptionElement | string =>
    pick(options, w, labels) ??
    (pick(all, w, labels)
      ? unusable(w)
      : notAnOption(
          w,
          options.map((o) => o.value),
        ));
  if (el.multiple) {
    const wanted = Array.isArray(value) ? value : typeof value === 'string' ? [value] : undefined;
    if (!wanted) return { ok: false, reason: 'expected a list of options' };
    const chosen: HTMLOptionElement[] = [];
    for (const w of wanted) {
      const option = find(w);
      if (typeof option === 'string') return { ok: false, reason: option };
      chosen.push(option);
    }
    asUser(el, () => {
      for (const o of el.options) o.selected = chosen.includes(o);
      dispatchInputAndChange(el, null);
    });
    return { ok: true, expected: chosen.map((o) => o.value) };
  }
  if (typeof value !== 'string') return { ok: false, reason: 'expected one of the options as text' };
  const option = find(value);
  if (typeof option === 'string') return { ok: false, reason: option };
  asUser(el, () => {
    if (el.value !== option.value) setNativeValue(el, option.value);
    // A hidden option of the same value before it would have taken the value: the one chosen is this one.
    if (!option.selected) {
      option.selected = true;
      dispatchInputAndChange(el, null);
    }
  });
  return { ok: true, expected: option.value };
}

function writeEditable(el: HTMLElement, value: string): WriteOutcome {
  asUser(el, () => {
    const doc = el.ownerDocument;
    const selection = doc.getSelection();
    const range = doc.createRange();
    range.selectNodeContents(el);
    selection?.removeAllRanges();
    selection?.addRange(range);
    // execCommand is what editors built on contenteditable listen to (beforeinput/input with real ranges);
    // when a page or browser refuses it, set the text and announce it.
    const inserted = value === '' ? doc.execCommand('delete') : doc.execCommand('insertText', false, value);
    if (!inserted || el.innerText.replace(/\n$/, '') !== value) {
      el.textContent = value;
      const view = doc.defaultView ?? window;
      el.dispatchEvent(
        new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }),
      );
    }
  });
  return { ok: true, expected: value };
}

/**
 * Focus before, blur after: pages validate and frameworks commit on blur (v-model.lazy, masks). Form controls
 * get the focus events a person would cause, dispatched rather than by focus(): a real focus() forces a
 * synchronous layout, about 3 ms per field on a large page, which made a 50-field fill ten times slower.
 * Contenteditable needs the real thing, since editing commands act on the focused selection.
 */
function asUser(el: HTMLElement, write: () => void): void {
  const real = el.isContentEditable;
  if (real) el.focus({ preventScroll: true });
  else announceFocus(el, 'focus', 'focusin');
  write();
  if (real) el.blur();
  else announceFocus(el, 'blur', 'focusout');
}

function announceFocus(el: HTMLElement, direct: 'focus' | 'blur', bubbling: 'focusin' | 'focusout'): void {
  const view = el.ownerDocument.defaultView ?? window;
  el.dispatchEvent(new view.FocusEvent(direct, { composed: true }));
  el.dispatchEvent(new view.FocusEvent(bubbling, { bubbles: true, composed: true }));
}

function setChecked(el: HTMLInputElement, checked: boolean): void {
  const view = el.ownerDocument.defaultView ?? window;
  Object.getOwnPropertyDescriptor(view.HTMLInputElement.prototype, 'checked')?.set?.call(el, checked);
  dispatchInputAndChange(el, null);
}

/** Exact value first, then value or visible label ignoring case and spacing. */
function pick<T>(items: T[], wanted: string, names: (item: T) => string[]): T | undefined {
  const exact = items.find((item) => names(item)[0] === wanted);
  if (exact) return exact;
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const target = norm(wanted);
  return items.find((item) => names(item).some((n) => norm(n) === target));
}

function unusable(value: string): string {
  return `"${value}" is a hidden or disabled option: a person cannot choose it, so it is never chosen; pick one of the options listed`;
}

function notAnOption(value: string, values: string[]): string {
  return `"${value}" is not among the options (${values.map((v) => JSON.stringify(v)).join(', ')})`;
}

/** The identity the read-back should show once `radio` is the checked one. */
function checkedIdentityOf(radios: HTMLInputElement[], radio: HTMLInputElement): string {
  return radioIdentities(radios)[radios.indexOf(radio)] ?? '';
}
