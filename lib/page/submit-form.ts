import type { Allowlist } from './allowlist';
import type { ActionResult } from './click-element';
import { defaultSubmitter } from './element-identity';

/** Input of the submit_form tool. */
export interface SubmitFormInput {
  /** Key of a form from get_form_state. */
  form: string;
}

/** What a submission did; `invalid` lists the fields that kept it from going out. */
export type SubmitResult = ActionResult & { invalid?: InvalidField[] };

/** Why a submission did not go out: the fields the browser's validation rejects, by key where known. */
export interface InvalidField {
  key: string;
  message: string;
}

/**
 * Submits a form of the last snapshot the way its submit button would: requestSubmit runs the page's
 * validation and submit handlers (form.submit() would skip both). Invalid fields are reported instead.
 */
export function submitForm(allowlist: Allowlist, formKey: string): SubmitResult {
  if (!allowlist.hasForm(formKey))
    return {
      ok: false,
      key: formKey,
      reason: 'not a form of the last form snapshot; call get_form_state to see the forms',
    };
  const form = allowlist.form(formKey);
  if (!form?.isConnected)
    return { ok: false, key: formKey, reason: 'the form is gone (the page changed); call get_form_state again' };
  const invalid = Array.from(form.elements)
    .filter((el): el is HTMLInputElement => 'validity' in el && !(el as HTMLInputElement).validity.valid)
    .map((el) => ({
      key: allowlist.fieldKeyOf(el) ?? (el.getAttribute('name') || el.id || el.tagName.toLowerCase()),
      message: el.validationMessage,
    }));
  if (invalid.length) return { ok: false, key: formKey, reason: 'the form has invalid fields', invalid };
  // The same submitter the card's destination was read from (element-identity.ts).
  form.requestSubmit(defaultSubmitter(form) as HTMLButtonElement | undefined);
  return { ok: true, key: formKey };
}
