import { Allowlist } from './allowlist';
import { fieldLabel, textOf } from './field-label';
import {
  buttonText,
  constraintsOf,
  formLabel,
  isEditingHost,
  isRequired,
  isWritable,
  optionsOf,
  radioGroup,
  radioGroupLabel,
  sharesName,
  usableRadios,
} from './field-facts';
import type { ButtonSnapshot, FieldSnapshot, FieldType, FormInfo, FormSnapshot } from './form-snapshot';
import { isFieldVisible, withAncestorCache } from './is-field-visible';
import { isSensitiveField } from './is-sensitive-field';
import { isPasswordField } from './is-password-field';
import { KeyRegistry } from './key-registry';
import { readFieldValue } from './read-field-value';
import { invisibleCharsNotice, stripInvisibleChars, type InvisibleCharCount } from './strip-invisible-chars';
import { walkFormRoots, type FoundIn } from './walk-form-roots';

/** A snapshot for the model plus the allowlist that stays in the content script. */
export interface SnapshotResult extends FormSnapshot {
  allowlist: Allowlist;
}

const TEXT_TYPES = new Set([
  'text',
  'email',
  'number',
  'tel',
  'url',
  'search',
  'date',
  'datetime-local',
  'time',
  'month',
  'week',
  'range',
  'color',
]);
const BUTTON_TYPES = new Set(['submit', 'button', 'image']);

/**
 * Lists the fields a person could fill and the buttons they could press, across the page, its open shadow
 * roots and same-origin iframes. Secrets (passwords, payment cards, one-time codes) and fields a person cannot
 * see or change (hidden, honeypots, disabled, read-only) are never listed, so they can never be written.
 * Keys come from names, ids or labels in document order, so the same page gives the same keys every time.
 */
export function snapshotForms(doc: Document): SnapshotResult {
  return withAncestorCache(() => snapshotOnce(doc));
}

function snapshotOnce(doc: Document): SnapshotResult {
  const allowlist = new Allowlist();
  const keys = { field: new KeyRegistry(), button: new KeyRegistry(), form: new KeyRegistry() };
  const formKeys = new Map<HTMLFormElement, string>();
  const seenRadios = new Set<HTMLInputElement>();
  const snapshot: FormSnapshot = { fields: [], buttons: [], forms: [] };

  const formOf = (el: Element): string | undefined => {
    const form = (el as HTMLInputElement).form ?? el.closest('form');
    if (!form) return undefined;
    let key = formKeys.get(form);
    if (!key) {
      const label = formLabel(form);
      key = keys.form.claim([form.getAttribute('name'), form.id, label], 'form');
      formKeys.set(form, key);
      allowlist.addForm(key, form);
      snapshot.forms.push({
        key,
        label,
        action: absoluteUrl(form, form.getAttribute('action') ?? ''),
        method: (form.getAttribute('method') || 'get').toLowerCase(),
      } satisfies FormInfo);
    }
    return key;
  };

  const addField = (el: HTMLElement, type: FieldType, where: FoundIn, radios: HTMLInputElement[] = []) => {
    const label = type === 'radio' ? { text: radioGroupLabel(radios), source: 'label' as const } : fieldLabel(el);
    if (isSensitiveField(el, label.source === 'nearby' ? '' : label.text)) return;
    const name = el.getAttribute('name');
    const input = el as HTMLInputElement;
    const candidates =
      type === 'checkbox' && name && sharesName(input)
        ? [`${name}-${input.value}`, label.text]
        : [name, el.id, label.text];
    const key = keys.field.claim(candidates, type);
    const elements = type === 'radio' ? radios : [el];
    allowlist.addField(key, type, elements);
    const field: FieldSnapshot = {
      key,
      label: label.text,
      type,
      value: readFieldValue(type, elements),
      required: isRequired(elements),
    };
    const options = optionsOf(el, type, radios);
    if (options) field.options = options;
    const constraints = constraintsOf(el);
    if (constraints) field.constraints = constraints;
    const form = formOf(el);
    if (form) field.form = form;
    const legend = el.closest('fieldset')?.querySelector(':scope > legend');
    const group = legend ? textOf(legend) : '';
    if (group && group !== label.text) field.group = group;
    if (where.frame) field.frame = where.frame.title || where.frame.name || where.frame.getAttribute('src') || 'iframe';
    snapshot.fields.push(field);
  };

  const addButton = (el: HTMLElement) => {
    if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true' || !isFieldVisible(el))
      return;
    const type =
      el.tagName === 'BUTTON'
        ? (el as HTMLButtonElement).type
        : el.tagName === 'INPUT'
          ? (el as HTMLInputElement).type
          : '';
    if (type === 'reset') return;
    const text = buttonText(el);
    const key = keys.button.claim([text.toLowerCase(), el.getAttribute('name'), el.id], 'button');
    const kind: ButtonSnapshot['kind'] =
      el.tagName === 'A' ? 'link' : type === 'submit' || type === 'image' ? 'submit' : 'button';
    const button: ButtonSnapshot = { key, text, kind };
    const goesTo = el.tagName === 'A' ? el.getAttribute('href') : el.getAttribute('formaction');
    if (goesTo !== null) button.action = absoluteUrl(el, goesTo);
    const form = formOf(el);
    if (form) button.form = form;
    allowlist.addButton(key, el);
    snapshot.buttons.push(button);
  };

  /** A password field: its key and label, write-only (its value never leaves the page). */
  const addPassword = (el: HTMLInputElement) => {
    const label = fieldLabel(el);
    const key = keys.field.claim([el.getAttribute('name'), el.id, label.text], 'password');
    allowlist.addSecret(key, el);
    const form = formOf(el);
    (snapshot.passwords ??= []).push({ key, label: label.text, writeOnly: true, ...(form ? { form } : {}) });
  };

  walkFormRoots(doc, (el, where) => {
    const tag = el.tagName;
    if (tag === 'INPUT') {
      const input = el as HTMLInputElement;
      if (BUTTON_TYPES.has(input.type)) addButton(input);
      else if (input.type === 'radio') {
        // A radio group is one field, listed where its first radio sits.
        if (seenRadios.has(input)) return;
        const group = radioGroup(input);
        group.forEach((r) => seenRadios.add(r));
        const usable = usableRadios(group);
        if (usable[0]) addField(usable[0], 'radio', where, usable);
      } else if (isPasswordField(input)) {
        if (isWritable(input)) addPassword(input);
      } else if ((input.type === 'checkbox' || TEXT_TYPES.has(input.type)) && isWritable(input)) {
        addField(input, input.type as FieldType, where);
      }
    } else if (tag === 'SELECT') {
      const select = el as HTMLSelectElement;
      if (isWritable(select)) addField(select, select.multiple ? 'select-multiple' : 'select', where);
    } else if (tag === 'TEXTAREA') {
      if (isWritable(el as HTMLTextAreaElement)) addField(el as HTMLElement, 'textarea', where);
    } else if (
      tag === 'BUTTON' ||
      el.getAttribute('role') === 'button' ||
      (tag === 'A' && el.hasAttribute('href') && el.closest('form'))
    ) {
      addButton(el as HTMLElement);
    } else if (el.hasAttribute('contenteditable') && el.getAttribute('contenteditable') !== 'false') {
      if (isEditingHost(el as HTMLElement) && el.getAttribute('aria-readonly') !== 'true' && isFieldVisible(el))
        addField(el as HTMLElement, 'contenteditable', where);
    }
  });
  const notice = removeInvisibleChars(snapshot);
  return { ...snapshot, ...(notice ? { notice } : {}), allowlist };
}

/**
 * Takes invisible characters out of every page-written string the model reads (labels, values, options,
 * button and form names), in place; keys are slugs already. Returns the notice saying how many went.
 */
function removeInvisibleChars(snapshot: FormSnapshot): string | undefined {
  const count: InvisibleCharCount = { removed: 0 };
  const clean = (text: string) => stripInvisibleChars(text, count);
  for (const f of snapshot.fields) {
    f.label = clean(f.label);
    f.value = typeof f.value === 'string' ? clean(f.value) : Array.isArray(f.value) ? f.value.map(clean) : f.value;
    if (f.options) f.options = f.options.map((o) => ({ value: clean(o.value), label: clean(o.label) }));
    if (f.group !== undefined) f.group = clean(f.group);
    if (f.frame !== undefined) f.frame = clean(f.frame);
  }
  for (const b of snapshot.buttons) b.text = clean(b.text);
  for (const form of snapshot.forms) form.label = clean(form.label);
  for (const p of snapshot.passwords ?? []) p.label = clean(p.label);
  return invisibleCharsNotice(count);
}

/** An attribute's URL resolved as the browser would (read from the attribute: `form.action` can be clobbered by a field named "action"). */
function absoluteUrl(el: Element, raw: string): string {
  try {
    return new URL(raw, el.ownerDocument.baseURI).href;
  } catch (error) {
    // Not a URL the browser could follow either; show it as written.
    void error;
    return raw;
  }
}
