/**
 * Hand-written checks of each page command's input, so the page bundle needs no schema library. The worker
 * has already validated the same input with the tool's zod schema (lib/tools/page/page-tool-inputs.ts); this
 * is the page's own line of defence, and its messages are written for the model.
 */
import type { PageCommandInput, PageCommandName } from './page-command';
import { READ_PAGE_LIMITS } from './read-page-limits';
import type { FieldValue } from './form-snapshot';
import { guardActInput } from './guard-act-input';
import { invalidInput } from './page-error';
import { PAGE_STATE_LIMITS } from './page-state';

type Fields = Record<string, unknown>;

/** The longest password the page accepts from the card (the panel and the worker hold it to the same). */
const PASSWORD_MAX = 1000;

const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

function objectAt(v: unknown, path: string): Fields {
  if (!isFields(v)) throw invalidInput(path, 'an object');
  return v;
}

function stringAt(v: unknown, path: string, maxLength = Infinity): string {
  if (typeof v !== 'string' || v.length > maxLength)
    throw invalidInput(path, maxLength === Infinity ? 'a string' : `a string of at most ${maxLength} characters`);
  return v;
}

function intAt(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw invalidInput(path, `an integer from ${min} to ${max}`);
  return v;
}

function fieldValueAt(v: unknown, path: string): FieldValue {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map((item, i) => stringAt(item, `${path}[${i}]`));
  throw invalidInput(path, 'a string, true/false or a list of strings');
}

/** Checks one command's input; missing input counts as `{}` (commands without arguments send none). */
export const commandInputGuards: { [K in PageCommandName]: (input: unknown) => PageCommandInput<K> } = {
  read_page(input) {
    const o = objectAt(input ?? {}, 'input');
    const out: PageCommandInput<'read_page'> = {};
    if (o.offset !== undefined) out.offset = intAt(o.offset, 'offset', 0, Number.MAX_SAFE_INTEGER);
    if (o.maxChars !== undefined)
      out.maxChars = intAt(o.maxChars, 'maxChars', READ_PAGE_LIMITS.minChars, READ_PAGE_LIMITS.maxChars);
    return out;
  },
  get_form_state(input) {
    objectAt(input ?? {}, 'input');
    return {};
  },
  get_page_state(input) {
    const o = objectAt(input ?? {}, 'input');
    const out: PageCommandInput<'get_page_state'> = {};
    if (o.scope !== undefined) out.scope = stringAt(o.scope, 'scope', 200);
    if (o.offset !== undefined) out.offset = intAt(o.offset, 'offset', 0, Number.MAX_SAFE_INTEGER);
    if (o.maxElements !== undefined)
      out.maxElements = intAt(o.maxElements, 'maxElements', 1, PAGE_STATE_LIMITS.maxElements);
    return out;
  },
  act: (input) => guardActInput(objectAt(input ?? {}, 'input')),
  fill_form(input) {
    const updates = objectAt(objectAt(input ?? {}, 'input').updates, 'updates');
    return {
      updates: Object.fromEntries(
        Object.entries(updates).map(([key, value]) => [key, fieldValueAt(value, `updates.${key}`)]),
      ),
    };
  },
  click(input) {
    return { key: stringAt(objectAt(input ?? {}, 'input').key, 'key') };
  },
  submit_form(input) {
    return { form: stringAt(objectAt(input ?? {}, 'input').form, 'form') };
  },
  preview(input) {
    const keys = objectAt(input ?? {}, 'input').keys;
    if (!Array.isArray(keys) || keys.length > 1000) throw invalidInput('keys', 'a list of at most 1000 keys');
    return { keys: keys.map((key, i) => stringAt(key, `keys[${i}]`, 500)) };
  },
  identify(input) {
    const o = objectAt(input ?? {}, 'input');
    const list = (v: unknown, path: string) => {
      if (!Array.isArray(v) || v.length > 1000) throw invalidInput(path, 'a list of at most 1000 refs');
      return v.map((ref, i) => stringAt(ref, `${path}[${i}]`, 500));
    };
    if (o.focus !== undefined && typeof o.focus !== 'boolean') throw invalidInput('focus', 'true or false');
    return {
      refs: list(o.refs, 'refs'),
      ...(o.fields === undefined ? {} : { fields: list(o.fields, 'fields') }),
      ...(o.forms === undefined ? {} : { forms: list(o.forms, 'forms') }),
      ...(o.focus ? { focus: true } : {}),
    };
  },
  undo(input) {
    objectAt(input ?? {}, 'input');
    return {};
  },
  fill_password(input) {
    const o = objectAt(input ?? {}, 'input');
    const value = stringAt(o.value, 'value', PASSWORD_MAX);
    if (!value) throw invalidInput('value', 'a non-empty string');
    return { ref: stringAt(o.ref, 'ref', 200), value };
  },
  screenshot_prepare(input) {
    const o = objectAt(input ?? {}, 'input');
    if (o.refs !== undefined && typeof o.refs !== 'boolean') throw invalidInput('refs', 'true or false');
    return o.refs === undefined ? {} : { refs: o.refs };
  },
  screenshot_done(input) {
    objectAt(input ?? {}, 'input');
    return {};
  },
  describe_tool(input) {
    return { name: stringAt(objectAt(input ?? {}, 'input').name, 'name', 64) };
  },
  call_tool(input) {
    const o = objectAt(input ?? {}, 'input');
    return { name: stringAt(o.name, 'name', 64), args: objectAt(o.args ?? {}, 'args') };
  },
};
