/**
 * Declarative page tools (WebMCP): a `<form toolname tooldescription>` of this document is a tool whose
 * parameters are the form's fields as the form snapshot lists them (so hidden, disabled, password, card and
 * one-time-code fields are never parameters), each described by its `toolparamdescription` (on the field, or on
 * its fieldset), else its label. Forms in other frames are not read: a frame offers only its own tools.
 */
import type { Allowlist } from './allowlist';
import type { FieldSnapshot } from './form-snapshot';
import { PAGE_TOOL_LIMITS, PAGE_TOOL_NAME, type PageToolInfo } from './page-tool-info';
import { snapshotForms } from './snapshot-forms';
import { stripInvisibleChars } from './strip-invisible-chars';

/** A form tool with what calling it needs: the snapshot's allowlist, the form's key and its fields' keys. */
export interface FormTool {
  info: PageToolInfo;
  allowlist: Allowlist;
  formKey: string;
  fields: FieldSnapshot[];
}

/** Page text for the model and the card: invisible characters out, whitespace collapsed, cut to `max`. */
export const pageToolText = (text: string, max: number): string =>
  stripInvisibleChars(text).replace(/\s+/g, ' ').trim().slice(0, max);

function paramSchema(field: FieldSnapshot, el: Element | undefined): Record<string, unknown> {
  const said = el?.closest('[toolparamdescription]')?.getAttribute('toolparamdescription');
  const description = pageToolText(said ?? field.label, 300);
  const values = field.options?.map((o) => o.value);
  const base = description ? { description } : {};
  switch (field.type) {
    case 'checkbox':
      return { type: 'boolean', ...base };
    case 'select-multiple':
      return { type: 'array', items: { type: 'string', ...(values ? { enum: values } : {}) }, ...base };
    case 'number':
    case 'range':
      return { type: ['number', 'string'], ...base };
    default:
      return { type: 'string', ...(values?.length ? { enum: values } : {}), ...base };
  }
}

/** Whether a form is something a person could see (a hidden form offers nothing). */
const isShown = (form: HTMLFormElement) =>
  typeof form.checkVisibility !== 'function' || form.checkVisibility({ visibilityProperty: true });

/** The form tools this document declares, each with what calling it needs. */
export function readFormTools(doc: Document): FormTool[] {
  const declared = Array.from(doc.querySelectorAll('form[toolname]')) as HTMLFormElement[];
  if (!declared.length) return [];
  const { allowlist, fields, forms } = snapshotForms(doc);
  const tools: FormTool[] = [];
  const names = new Set<string>();
  for (const form of declared) {
    const name = (form.getAttribute('toolname') ?? '').trim();
    if (!PAGE_TOOL_NAME.test(name) || names.has(name) || !isShown(form)) continue;
    const formKey = forms.find((f) => allowlist.form(f.key) === form)?.key;
    if (!formKey) continue;
    names.add(name);
    const own = fields.filter((f) => f.form === formKey && !f.frame);
    const properties = Object.fromEntries(
      own.map((f) => [f.key, paramSchema(f, allowlist.field(f.key)?.elements[0]?.deref())]),
    );
    const required = own.filter((f) => f.required).map((f) => f.key);
    const info = forms.find((f) => f.key === formKey);
    tools.push({
      info: {
        name,
        description: pageToolText(form.getAttribute('tooldescription') ?? '', PAGE_TOOL_LIMITS.description),
        inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
        readOnly: false,
        source: 'form',
        ...(info?.action ? { action: info.action } : {}),
        ...(info?.method ? { method: info.method } : {}),
      },
      allowlist,
      formKey,
      fields: own,
    });
    if (tools.length >= PAGE_TOOL_LIMITS.tools) break;
  }
  return tools;
}
