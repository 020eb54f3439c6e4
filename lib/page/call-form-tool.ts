import type { FieldValue } from './form-snapshot';
import { fillForm, type FillOutput } from './fill-form';
import type { FormTool } from './read-form-tools';
import { submitForm, type SubmitResult } from './submit-form';

/** What calling a form tool did: the fill, read back field by field, then whether the form was submitted. */
export interface FormToolResult extends FillOutput {
  submitted: boolean;
  /** Why it was not submitted: a field could not be written, or the browser's validation refused the form. */
  reason?: string;
  invalid?: SubmitResult['invalid'];
}

/** A value as a field takes it: numbers as the text a person would type. */
const asFieldValue = (v: unknown): FieldValue =>
  typeof v === 'boolean' || typeof v === 'string' ? v : Array.isArray(v) ? v.map(String) : String(v);

/**
 * Fills the form tool's fields with `args` (already checked against its schema; only its own fields can be
 * named) and, when every value was kept, submits it as its submit button would. Nothing is submitted after a
 * failed write.
 */
export function callFormTool(
  tool: FormTool,
  args: Record<string, unknown>,
  options: { highlightMs?: number } = {},
): FormToolResult {
  const keys = new Set(tool.fields.map((f) => f.key));
  const updates = Object.fromEntries(
    Object.entries(args)
      .filter(([k]) => keys.has(k))
      .map(([k, v]) => [k, asFieldValue(v)]),
  );
  const { written, ignored, failed } = fillForm(tool.allowlist, updates, options);
  if (failed.length || ignored.length)
    return { written, ignored, failed, submitted: false, reason: 'not every value could be written' };
  const submit = submitForm(tool.allowlist, tool.formKey);
  return {
    written,
    ignored,
    failed,
    submitted: submit.ok,
    ...(submit.ok ? {} : { reason: submit.reason }),
    ...(submit.invalid ? { invalid: submit.invalid } : {}),
  };
}
