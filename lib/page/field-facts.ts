// Small facts about controls that snapshotForms combines. Kept together because each is a few lines.
import { textOf } from './field-label';
import type { FieldConstraints, FieldOption, FieldType } from './form-snapshot';
import { isFieldVisible } from './is-field-visible';
import { isUsableOption } from './is-usable-option';
import { radioIdentities, radioLabel } from './radio-identity';

/** Visible, enabled and editable: a person could change it. */
export function isWritable(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): boolean {
  if (el.disabled || el.matches(':disabled')) return false;
  if ('readOnly' in el && el.readOnly) return false;
  if (el.getAttribute('aria-disabled') === 'true' || el.getAttribute('aria-readonly') === 'true') return false;
  return isFieldVisible(el);
}

/** The element where editing starts: contenteditable here, not inherited from an ancestor. */
export function isEditingHost(el: HTMLElement): boolean {
  return el.isContentEditable && !el.parentElement?.isContentEditable;
}

/** Checkboxes sharing a name form a set of choices; each is keyed by name and value. */
export function sharesName(input: HTMLInputElement): boolean {
  const root = input.getRootNode() as Document | ShadowRoot;
  return root.querySelectorAll(`input[type="checkbox"][name="${CSS.escape(input.name)}"]`).length > 1;
}

/** The radios of `first`'s group: same name, same form, same tree. */
export function radioGroup(first: HTMLInputElement): HTMLInputElement[] {
  if (!first.name) return [first];
  const root = first.getRootNode() as Document | ShadowRoot;
  const all = root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(first.name)}"]`);
  return Array.from(all).filter((r) => r.form === first.form);
}

/** A radio group's question: its radiogroup's or fieldset's label, else the text before the first radio. */
export function radioGroupLabel(group: HTMLInputElement[]): string {
  const first = group[0];
  if (!first) return '';
  const container = first.closest('[role="radiogroup"], fieldset');
  if (container) {
    const labelledBy = container.getAttribute('aria-labelledby');
    const root = first.getRootNode() as Document | ShadowRoot;
    const byId = labelledBy ? textOf(root.getElementById(labelledBy)) : '';
    const text = byId || container.getAttribute('aria-label') || textOf(container.querySelector(':scope > legend'));
    if (text) return text;
  }
  return first.name;
}

/**
 * Choices of a select, radio group or datalist, with the label a person reads: only those a person could
 * pick (hidden and disabled options are the page's, not the user's; isUsableOption), radios already so.
 */
export function optionsOf(el: HTMLElement, type: FieldType, group: HTMLInputElement[]): FieldOption[] | undefined {
  if (type === 'select' || type === 'select-multiple') {
    return Array.from((el as HTMLSelectElement).options)
      .filter(isUsableOption)
      .map((o) => ({ value: o.value, label: o.text.replace(/\s+/g, ' ').trim() }));
  }
  if (type === 'radio') {
    // The value the model names an option by is its identity: a non-unique value ("on") is never offered.
    const ids = radioIdentities(group);
    return group.map((r, i) => ({ value: ids[i] ?? '', label: radioLabel(r) }));
  }
  const list = (el as HTMLInputElement).list;
  if (list)
    return Array.from(list.querySelectorAll('option'))
      .filter(isUsableOption)
      .map((o) => ({ value: o.value, label: (o.label || o.text || o.value).trim() }));
  return undefined;
}

/** The constraints a field declares, or undefined when it declares none. */
export function constraintsOf(el: HTMLElement): FieldConstraints | undefined {
  const c: FieldConstraints = {};
  for (const name of ['pattern', 'min', 'max', 'step'] as const) {
    const value = el.getAttribute(name);
    if (value !== null && value !== '') c[name] = value;
  }
  const maxLength = (el as HTMLInputElement).maxLength;
  if (typeof maxLength === 'number' && maxLength >= 0 && el.hasAttribute('maxlength')) c.maxLength = maxLength;
  const minLength = (el as HTMLInputElement).minLength;
  if (typeof minLength === 'number' && minLength >= 0 && el.hasAttribute('minlength')) c.minLength = minLength;
  return Object.keys(c).length ? c : undefined;
}

/** Required natively or by ARIA (for contenteditable and custom widgets). */
export function isRequired(elements: HTMLElement[]): boolean {
  return elements.some((el) => (el as HTMLInputElement).required || el.getAttribute('aria-required') === 'true');
}

/** A form's name for people: aria-label, its first legend or heading. */
export function formLabel(form: HTMLFormElement): string {
  const text =
    form.getAttribute('aria-label') ||
    textOf(form.querySelector('legend, h1, h2, h3, h4')) ||
    form.getAttribute('name') ||
    form.id;
  return (text ?? '').slice(0, 120);
}

/** What a button says: its text, value, aria-label or title. */
export function buttonText(el: HTMLElement): string {
  const text = el.tagName === 'INPUT' ? (el as HTMLInputElement).value || (el as HTMLInputElement).alt : textOf(el);
  return (el.getAttribute('aria-label') || text || el.title || '').replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** Visible radios of a group that can still be chosen (checked again when one is written). */
export function usableRadios(group: HTMLInputElement[]): HTMLInputElement[] {
  return group.filter(
    (r) => !r.disabled && !r.matches(':disabled') && !r.closest('[aria-disabled="true"]') && isFieldVisible(r),
  );
}
