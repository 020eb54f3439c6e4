/** Reading an element's identity in the page (see shown-identity.ts for what it is and how it is compared). */
import { deepActiveElement } from './deep-active-element';
import { elementName } from './element-name';
import { formLabel, radioGroup, radioGroupLabel, usableRadios } from './field-facts';
import { interactiveRole } from './interactive-role';
import type { ShownIdentity } from './shown-identity';

const MAX_URL = 2000;

/** A URL attribute resolved as the browser would (read from the attribute: `form.action` can be clobbered by a field named "action"). */
function resolve(raw: string, base: string): string {
  try {
    return new URL(raw, base).href.slice(0, MAX_URL);
  } catch (error) {
    void error; // not a URL the browser could follow either: kept as written
    return raw.slice(0, MAX_URL);
  }
}

/** The submit button submit_form presses (requestSubmit with it): the form's first enabled one. */
export function defaultSubmitter(form: HTMLFormElement): HTMLElement | undefined {
  const el = form.querySelector<HTMLElement>(
    'button[type="submit"]:not([disabled]), button:not([type]):not([disabled]), input[type="submit"]:not([disabled])',
  );
  return el && form.contains(el) ? el : undefined;
}

/** Where `form` sends when `submitter` submits it: its formaction/formmethod, else the form's own. */
export function formDestination(form: HTMLFormElement, submitter?: Element): { action: string; method: string } {
  const raw = submitter?.getAttribute('formaction') ?? form.getAttribute('action') ?? '';
  const method = (submitter?.getAttribute('formmethod') || form.getAttribute('method') || 'get')
    .toLowerCase()
    .slice(0, 20);
  return { action: resolve(raw, form.ownerDocument.baseURI), method };
}

const isSubmitter = (el: Element) =>
  (el.tagName === 'BUTTON' && (el as HTMLButtonElement).type === 'submit') ||
  (el.tagName === 'INPUT' && /^(submit|image)$/.test((el as HTMLInputElement).type));

/** Fields whose Enter submits their form (text-like inputs), as press-key.ts does. */
const submitsOnEnter = (el: Element) =>
  el.tagName === 'INPUT' &&
  !/^(checkbox|radio|button|submit|reset|image|file|hidden)$/.test((el as HTMLInputElement).type);

/** The identity of `el` as a card shows it. */
export function identityOf(el: Element, ref: string, kind: 'element' | 'field' | 'focus' = 'element'): ShownIdentity {
  // A radio group is one entry of a snapshot (its ref names the group's first radio): named as the group.
  if (kind !== 'focus' && el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'radio') {
    return { kind, ref, role: 'radiogroup', name: radioGroupLabel(usableRadios(radioGroup(el as HTMLInputElement))) };
  }
  const role = interactiveRole(el) ?? (el.tagName === 'BODY' ? 'document' : 'clickable');
  const out: ShownIdentity = { kind, ref, role, name: el.tagName === 'BODY' ? '' : elementName(el, role) };
  if (el.tagName === 'A' && el.hasAttribute('href')) out.href = (el as HTMLAnchorElement).href.slice(0, MAX_URL);
  const form = (el as HTMLInputElement).form;
  if (form && (isSubmitter(el) || submitsOnEnter(el)))
    Object.assign(out, formDestination(form, isSubmitter(el) ? el : undefined));
  return out;
}

/** The identity of a form as submit_form would send it: its name and where its default submitter sends. */
export function formIdentity(form: HTMLFormElement, key: string): ShownIdentity {
  return {
    kind: 'form',
    ref: key,
    role: 'form',
    name: formLabel(form),
    ...formDestination(form, defaultSubmitter(form)),
  };
}

/** What has the focus now, as a press without a ref would reach it. */
export function focusIdentity(doc: Document): ShownIdentity {
  return identityOf(deepActiveElement(doc) ?? doc.body, '', 'focus');
}
