/**
 * The recorder in the page (issue 28): it watches what the user does (clicks, typing, choosing options, Enter,
 * Escape and Tab) and describes each element as the snapshot lists it (interactive role, accessible name, the
 * text of its table row; snapshot-page.ts), never by selector or id. Typed text is taken when the field is left
 * (or a key or click follows), once per field. A password field gives a `password` step with no value (the
 * value is never read); a payment-card or one-time-code field gives no step at all, only a count. Only events
 * the user made count (`isTrusted`): a page's scripted clicks and keys are not recorded.
 */
import type { RecordedTarget } from '../core/recording';
import { nameOf } from './element-name';
import { radioGroup, radioGroupLabel, usableRadios } from './field-facts';
import { interactiveRole } from './interactive-role';
import { isPasswordField } from './is-password-field';
import { looksSensitive } from './looks-sensitive';
import { rowContext } from './row-context';
import type { RecorderInput } from './record-message';

const KEYS: Record<string, 'Enter' | 'Escape' | 'Tab'> = {
  Enter: 'Enter',
  Escape: 'Escape',
  Tab: 'Tab',
};
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** The interactive element an event happened on: the nearest one on its path the snapshot would list. */
function interactiveOf(event: Event): { el: Element; role: string } | undefined {
  for (const node of event.composedPath()) {
    if (!(node instanceof Element)) continue;
    const role = interactiveRole(node);
    if (role) return { el: node, role };
  }
  return undefined;
}

/** `el` as the snapshot describes it: a radio as its group, everything else by its own role and name. */
export function describeTarget(el: Element, role: string): RecordedTarget {
  if (el instanceof HTMLInputElement && el.type === 'radio')
    return { role: 'radiogroup', name: radioGroupLabel(usableRadios(radioGroup(el))) };
  const { name } = nameOf(el, role);
  const row = rowContext(el, name);
  return { role, name, ...(row ? { row } : {}) };
}

const isTextField = (el: Element) =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement &&
    !/^(checkbox|radio|button|submit|reset|image|file|range|color|hidden)$/.test(el.type)) ||
  (el instanceof HTMLElement && el.isContentEditable);

/**
 * Why a field's value is left out of the recording, if it is a secret: a `password` is one the snapshot would
 * treat as a password though it is not an `<input type=password>` (a text field named or labelled so).
 */
function secretKind(el: Element, label: string): 'password' | 'card' | 'one-time-code' | undefined {
  const input = el as HTMLInputElement;
  const kind = looksSensitive({
    type: input.type,
    autocomplete: el.getAttribute('autocomplete') ?? undefined,
    name: el.getAttribute('name') ?? undefined,
    id: el.id,
    label,
    placeholder: el.getAttribute('placeholder') ?? undefined,
    value: 'value' in input ? input.value : undefined,
  });
  return kind;
}

/** Starts recording in `doc`; `send` gets each step. Returns the function that stops it. */
export function startRecorder(doc: Document, send: (input: RecorderInput) => void): () => void {
  // `password`: the field was a password field at some keystroke (a page may turn it into a text field while the
  // user types, to have its value read when the field is left).
  let pending: { el: Element; role: string; password: boolean } | undefined;

  const flush = () => {
    const p = pending;
    pending = undefined;
    if (!p) return;
    const target = describeTarget(p.el, p.role);
    const secret = p.password || isPasswordField(p.el) ? 'password' : secretKind(p.el, target.name);
    if (secret === 'password') return send({ step: { action: 'password', target } });
    if (secret) return send({ skipped: secret, target });
    const value =
      p.el instanceof HTMLElement && p.el.isContentEditable && !('value' in p.el)
        ? (p.el.innerText ?? '')
        : (p.el as HTMLInputElement).value;
    send({ step: { action: 'type', target, value: value.slice(0, 5000) } });
  };

  const onInput = (e: Event) => {
    if (!e.isTrusted) return;
    const hit = interactiveOf(e);
    if (!hit || !isTextField(hit.el)) return;
    if (pending && pending.el !== hit.el) flush();
    pending = { ...hit, password: (pending?.password ?? false) || isPasswordField(hit.el) };
  };
  const onChange = (e: Event) => {
    if (!e.isTrusted) return;
    const hit = interactiveOf(e);
    if (!hit) return;
    if (hit.el instanceof HTMLSelectElement) {
      flush();
      const option = hit.el.selectedOptions[0];
      const label = (option?.label || option?.text || '').trim();
      if (label) send({ step: { action: 'choose', target: describeTarget(hit.el, hit.role), option: label } });
    } else if (hit.el instanceof HTMLInputElement && hit.el.type === 'radio') {
      flush();
      const label = hit.el.labels?.[0]?.textContent?.trim() || hit.el.value;
      if (label) send({ step: { action: 'choose', target: describeTarget(hit.el, hit.role), option: label } });
    } else if (pending?.el === hit.el) flush();
  };
  const onClick = (e: Event) => {
    if (!e.isTrusted) return;
    const hit = interactiveOf(e);
    // Clicking into a field, a select or a radio is how it is reached: the typing or the choice is the step.
    if (!hit || isTextField(hit.el) || hit.el instanceof HTMLSelectElement) return;
    if (hit.el instanceof HTMLInputElement && hit.el.type === 'radio') return;
    flush();
    send({ step: { action: 'click', target: describeTarget(hit.el, hit.role) } });
  };
  const onKey = (e: KeyboardEvent) => {
    if (!e.isTrusted || e.isComposing) return;
    const key = e.key === 'Tab' && e.shiftKey ? 'Shift+Tab' : KEYS[e.key];
    if (!key) return;
    flush();
    const hit = interactiveOf(e);
    const target = hit && TEXT_ROLES.has(hit.role) ? describeTarget(hit.el, hit.role) : undefined;
    // In a secret field the key is pressed where the focus is: the field itself is not in the recording.
    const secret = hit && (isPasswordField(hit.el) || secretKind(hit.el, target?.name ?? ''));
    send({ step: { action: 'press', key, ...(target && !secret ? { target } : {}) } });
  };
  const onHide = () => flush();

  doc.addEventListener('input', onInput, true);
  doc.addEventListener('change', onChange, true);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKey, true);
  doc.defaultView?.addEventListener('pagehide', onHide);
  return () => {
    flush();
    doc.removeEventListener('input', onInput, true);
    doc.removeEventListener('change', onChange, true);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKey, true);
    doc.defaultView?.removeEventListener('pagehide', onHide);
  };
}
