import type { RunPart } from '../../../lib/core/run-part';
import { describeFormState, isSensitiveLabel, MASK, type FormFieldRow } from './describe-form-state';
import { fieldsOf, isRecord, list, str } from './card-guards';
import { sameFieldValue, showFieldValue, showReadBack } from './show-field-value';
import type { PageToolOutput } from '../../../lib/tools/page/page-tools';
import { outputOf, resultOf } from './result-of';
import { t } from '../../ui/t';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;

/** One field of a fill: what it held, what the model asked for, and what the page reads back now. */
export interface FillRow {
  key: string;
  label: string;
  /** The fieldset legend the page draws around the field, when there is one. */
  group?: string;
  before?: string;
  after: string;
  /** 'written' (read back as asked), 'ignored' (not a field the run may write), 'failed', or undefined before it ran. */
  result?: 'written' | 'ignored' | 'failed';
  /** Why it was ignored or failed, or the value read back when it differs from what was asked. */
  note?: string;
  /** The key is not a field of the form the run read: it will not be written. */
  unknown?: true;
  /** The field held nothing before (shown plainly, not struck through). */
  wasEmpty?: true;
}

/** Tools that can change the page or its values (or move to another one) after a form was read. */
const CHANGES_PAGE = new Set([
  'click',
  'submit_form',
  'type',
  'select',
  'set_value',
  'press',
  'navigate',
  'go_back',
  'open_tab',
  'switch_tab',
  'close_tab',
  'fill_password',
]);
const changesPage = (p: RunPart): boolean =>
  p.kind === 'tool' && p.status !== 'denied' && (CHANGES_PAGE.has(p.toolName) || (p.nested ?? []).some(changesPage));

/**
 * The form as it stands before `part`, by key in the page's order: the last form state the model read, with
 * the values earlier fills of the run wrote since (as the page read them back). `current` is false when
 * something else may have changed the page since (a click, typing, another page): the old values and labels
 * may no longer be the page's, and the approval shows the worker's own reading instead.
 */
export function formBefore(
  part: ToolPart,
  siblings: RunPart[],
): { fields: Map<string, FormFieldRow>; current: boolean } {
  const state = formStateBefore(part, siblings);
  const fields = new Map((state ? (describeFormState(outputOf(state))?.fields ?? []) : []).map((f) => [f.key, f]));
  const from = state ? siblings.indexOf(state) : -1;
  const to = siblings.findIndex((p) => p.kind === 'tool' && p.toolCallId === part.toolCallId);
  const between = siblings.slice(from + 1, to === -1 ? siblings.length : to);
  for (const p of between) {
    if (p.kind !== 'tool' || p.toolName !== 'fill_form' || p.status !== 'done') continue;
    const result = fieldsOf<PageToolOutput<'fill_form'>>(outputOf(p));
    for (const w of list(result?.written)) {
      const field = isRecord(w) && str(w.key) !== undefined ? fields.get(str(w.key)!) : undefined;
      if (!field || !isRecord(w)) continue;
      const value = field.masked ? MASK : showFieldValue(w.value, field);
      fields.set(field.key, { ...field, raw: w.value, value });
    }
  }
  return { fields, current: !between.some(changesPage) };
}

/**
 * Whether the worker, reading the page just now for the preview, found no field for a key the form the run
 * read had: the page is not that form any more (it moved on, or was replaced), so the table would be stale.
 */
export function pageDisowns(preview: string, input: unknown, fields: ReadonlyMap<string, unknown>): boolean {
  const updates = input && typeof input === 'object' && 'updates' in input ? input.updates : undefined;
  if (!updates || typeof updates !== 'object') return false;
  const lines = new Set(preview.split('\n').map((l) => l.trim()));
  return Object.keys(updates).some((key) => fields.has(key) && lines.has(t('preview_not_a_field', key)));
}

/** The fields of the form as it stands before `part` (see formBefore), by key, in the page's order. */
export function fieldsBefore(part: ToolPart, siblings: RunPart[]): Map<string, FormFieldRow> {
  return formBefore(part, siblings).fields;
}

/** Labels of a fill's fields as the page shows them, by key (a key the form did not have stays a key). */
export function fillLabels(part: ToolPart, siblings: RunPart[]): Map<string, string> {
  return new Map([...fieldsBefore(part, siblings)].map(([key, f]) => [key, f.label]));
}

/** The form state the model read last before `part` (where old values and labels come from). */
export function formStateBefore(part: ToolPart, siblings: RunPart[]): ToolPart | undefined {
  const tools = siblings.filter((p): p is ToolPart => p.kind === 'tool');
  const at = tools.findIndex((p) => p.toolCallId === part.toolCallId);
  return tools
    .slice(0, at === -1 ? tools.length : at)
    .reverse()
    .find((p) => p.toolName === 'get_form_state' && p.status === 'done' && resultOf(p) !== undefined);
}

/**
 * The rows of a fill card, before it runs (the approval) and after: every key the model sent, in the order
 * the page lists its fields, with its label, group and old value from the last form state, values shown as a
 * person reads them, and what the page read back.
 */
export function describeFill(part: ToolPart, siblings: RunPart[]): FillRow[] {
  const updates = isRecord(part.input) && isRecord(part.input.updates) ? part.input.updates : {};
  const fields = fieldsBefore(part, siblings);
  const order = new Map([...fields.keys()].map((k, i) => [k, i]));
  const result = part.status === 'done' ? fieldsOf<PageToolOutput<'fill_form'>>(outputOf(part)) : undefined;
  const reasons = (name: 'ignored' | 'failed') =>
    new Map(
      list(result?.[name]).flatMap((r) =>
        isRecord(r) && str(r.key) !== undefined ? [[str(r.key)!, str(r.reason) ?? ''] as const] : [],
      ),
    );
  const written = new Map(
    list(result?.written).flatMap((w) =>
      isRecord(w) && str(w.key) !== undefined ? [[str(w.key)!, w.value] as const] : [],
    ),
  );
  const ignored = reasons('ignored');
  const failed = reasons('failed');
  const rows = Object.entries(updates).map(([key, next]) => {
    const field = fields.get(key);
    const label = field?.label ?? key;
    const masked = field?.masked ?? isSensitiveLabel(label, key, '');
    const row: FillRow = {
      key,
      label,
      ...(field?.group ? { group: field.group } : {}),
      after: masked ? MASK : showFieldValue(next, field),
      ...(field ? { before: field.value } : { unknown: true as const }),
      ...(field && (field.raw === '' || (Array.isArray(field.raw) && field.raw.length === 0))
        ? { wasEmpty: true as const }
        : {}),
    };
    if (written.has(key)) {
      row.result = 'written';
      const back = written.get(key);
      if (!masked && !sameFieldValue(next, back, field)) row.note = t('fill_page_shows', showReadBack(back, field));
    } else if (ignored.has(key)) Object.assign(row, { result: 'ignored', note: ignored.get(key) });
    else if (failed.has(key)) Object.assign(row, { result: 'failed', note: failed.get(key) });
    return row;
  });
  // Stable: fields in the page's order, then keys the form did not have, in the order the model sent them.
  const at = (r: FillRow) => order.get(r.key) ?? order.size;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => at(a.r) - at(b.r) || a.i - b.i)
    .map(({ r }) => r);
}

/**
 * Rows in runs of one group each, as the page draws its fieldsets. A field the fieldset names itself (a radio
 * group whose label is the legend) has no group of its own: it joins the group of that name beside it.
 */
export function groupFillRows(rows: FillRow[]): { group?: string; rows: FillRow[] }[] {
  const groupOf = (i: number) =>
    rows[i]!.group ?? ([rows[i - 1]?.group, rows[i + 1]?.group].includes(rows[i]!.label) ? rows[i]!.label : undefined);
  const runs: { group?: string; rows: FillRow[] }[] = [];
  rows.forEach((row, i) => {
    const group = groupOf(i);
    const last = runs.at(-1);
    if (last && last.group === group) last.rows.push(row);
    else runs.push({ ...(group ? { group } : {}), rows: [row] });
  });
  return runs;
}
