import { fieldsOf, isRecord, list, str } from './card-guards';
import type { PageToolOutput } from '../../../lib/tools/page/page-tools';
import { optionsOf, showFieldValue, type FieldOption } from './show-field-value';
import { isSensitiveLabel, MASK } from '../../../lib/util/sensitive-label';

export { isSensitiveLabel, MASK };

export interface FormFieldRow {
  key: string;
  label: string;
  type: string;
  /** The value as shown: masked when the field looks like a secret. */
  value: string;
  masked: boolean;
  required: boolean;
  /** The value as the page holds it (not shown: what a fill's old value and read-back are compared with). */
  raw: unknown;
  /** The choices the page lists (select, radio), for showing a value by its label. */
  options?: FieldOption[];
  /** The legend of the fieldset around the field, as the page shows it. */
  group?: string;
}

export interface FormStateSummary {
  fields: FormFieldRow[];
  buttons: { key: string; text: string; kind: string }[];
  notice?: string;
}

/** get_form_state's output, checked field by field. */
export function describeFormState(output: unknown): FormStateSummary | undefined {
  const v = fieldsOf<PageToolOutput<'get_form_state'>>(output);
  if (!v || !Array.isArray(v.fields)) return undefined;
  const fields = list(v.fields).flatMap((f): FormFieldRow[] => {
    if (!isRecord(f) || str(f.key) === undefined) return [];
    const key = str(f.key)!;
    const label = str(f.label) || key;
    const type = str(f.type) ?? 'text';
    const masked = isSensitiveLabel(label, key, type);
    const raw = f.value;
    const options = optionsOf(f.options);
    const group = str(f.group);
    const value = masked && raw !== '' ? MASK : showFieldValue(raw, { type, options });
    return [
      {
        key,
        label,
        type,
        value,
        masked,
        required: f.required === true,
        raw,
        ...(options ? { options } : {}),
        ...(group ? { group } : {}),
      },
    ];
  });
  const buttons = list(v.buttons).flatMap((b) =>
    isRecord(b) && str(b.key) !== undefined
      ? [{ key: str(b.key)!, text: str(b.text) || str(b.key)!, kind: str(b.kind) ?? 'button' }]
      : [],
  );
  const notice = str(v.notice);
  return { fields, buttons, ...(notice ? { notice } : {}) };
}
