import type { Allowlist } from './allowlist';
import type { FieldType, FieldValue } from './form-snapshot';
import { fieldLabel } from './field-label';
import { highlightFields } from './highlight-fields';
import { isFieldVisible } from './is-field-visible';
import { withPassMemo } from './pass-memo';
import { watchVisibility } from './visibility-watch';
import { isSensitiveField } from './is-sensitive-field';
import { readFieldValue } from './read-field-value';
import { writeField } from './write-field';

/** Input of the fill_form tool: values by snapshot key. */
export interface FillFormInput {
  updates: Record<string, FieldValue>;
}

/** One field's value before a fill, kept to undo it. */
export interface UndoEntry {
  key: string;
  type: FieldType;
  elements: WeakRef<HTMLElement>[];
  previous: FieldValue;
}

/** Everything undoFill needs; it stays in the content script beside the allowlist. */
export interface UndoRecord {
  entries: UndoEntry[];
}

/** The answer of fill_form, as the model reads it. */
export interface FillOutput {
  written: { key: string; value: FieldValue }[];
  /** Keys that are not fields of the last snapshot: nothing was written for them. */
  ignored: { key: string; reason: string }[];
  failed: { key: string; reason: string }[];
}

/** The answer of fill_form plus the undo record (which stays in the page). */
export interface FillResult extends FillOutput {
  undo: UndoRecord;
}

/** Options for a fill; tests shorten the highlight. */
export interface FillOptions {
  highlightMs?: number;
}

/**
 * Writes `updates` into the fields of the last snapshot, and only those: any other key is ignored and
 * touches nothing. Each field is checked (still visible, enabled, not sensitive) before the first write, and
 * again just before its own write when an earlier write may have changed it (`watchVisibility`); a field
 * that an earlier write hid is reported as skipped. Each written value is read back; it counts as written only if the page kept it (a mask
 * may reformat it, which is reported as the value the page shows), and a value the page's constraints reject
 * is reported as failed with the browser's message.
 */
export function fillForm(
  allowlist: Allowlist,
  updates: Record<string, FieldValue>,
  options: FillOptions = {},
): FillResult {
  const result: FillResult = { written: [], ignored: [], failed: [], undo: { entries: [] } };
  const touched: HTMLElement[] = [];
  // Every requested field is checked in one pass before the first write, so style and layout are read once.
  const plan = withPassMemo(() => Object.entries(updates).map(([key, value]) => planField(allowlist, key, value)));
  const watch = watchVisibility(plan.flatMap((p) => ('elements' in p ? p.elements : [])));
  try {
    for (const item of plan) {
      if ('ignored' in item) {
        result.ignored.push({ key: item.key, reason: item.ignored });
        continue;
      }
      if (item.failed) {
        result.failed.push({ key: item.key, reason: item.failed });
        continue;
      }
      const { key, field, elements, value } = item;
      if (!elements.every((el) => el.isConnected)) {
        result.failed.push({ key, reason: skippedReason(GONE) });
        continue;
      }
      // Only a field an earlier write of this fill may have changed is checked again (another layout pass).
      if (watch.mayHaveChanged(elements)) {
        const blocked = withPassMemo(() => blockedReason(field.type, elements));
        if (blocked) {
          result.failed.push({ key, reason: skippedReason(blocked) });
          continue;
        }
      }
      const previous = readFieldValue(field.type, elements);
      const outcome = writeField(field.type, elements, value);
      watch.afterWrite();
      if (!outcome.ok) {
        result.failed.push({ key, reason: outcome.reason });
        continue;
      }
      const actual = readFieldValue(field.type, elements);
      if (!sameValue(previous, actual))
        result.undo.entries.push({ key, type: field.type, elements: field.elements, previous });
      touched.push(...elements.filter((el) => field.type !== 'radio' || (el as HTMLInputElement).checked));
      const verdict = judge(field.type, outcome.expected, actual, elements[0] as HTMLElement);
      if (verdict) result.failed.push({ key, reason: verdict });
      else result.written.push({ key, value: actual });
    }
  } finally {
    watch.stop();
  }
  highlightFields(touched, options.highlightMs);
  return result;
}

type FieldOf = NonNullable<ReturnType<Allowlist['field']>>;
type PlannedField =
  | { key: string; ignored: string }
  | { key: string; field: FieldOf; elements: HTMLElement[]; value: FieldValue; failed?: string };

/** One requested field as the page is before any write: unknown, gone, blocked, or ready to write. */
function planField(allowlist: Allowlist, key: string, value: FieldValue): PlannedField {
  const field = allowlist.field(key);
  if (!field) return { key, ignored: 'not a field of the last form snapshot; call get_form_state to see the fields' };
  const elements = field.elements.map((ref) => ref.deref());
  if (!elements.every((el): el is HTMLElement => !!el?.isConnected))
    return {
      key,
      field,
      elements: [],
      value,
      failed: 'the field is gone (the page changed); call get_form_state again',
    };
  const blocked = blockedReason(field.type, elements);
  return { key, field, elements, value, ...(blocked ? { failed: blocked } : {}) };
}

const HIDDEN_NOW = 'the field is hidden now';
const GONE = 'the field is gone (the page changed); call get_form_state again';

/**
 * Why a field that was fine at snapshot time can no longer be written. The page may have changed it since
 * (a script that turns a name field into a password or card field, or hides it as a honeypot), so the
 * snapshot's own rules are checked again on the element as it is now.
 */
function blockedReason(type: FieldType, elements: HTMLElement[]): string | undefined {
  const el = elements[0] as HTMLInputElement;
  if (elements.every((e) => (e as HTMLInputElement).disabled || e.matches(':disabled')))
    return 'the field is disabled now';
  if (el.readOnly) return 'the field is read-only now';
  // A radio's own label is an option's text ("Send a PIN by SMS"), not the field's name: judged by its attributes.
  if (isSensitiveField(el, type === 'radio' ? '' : sensitiveLabel(el)))
    return 'the field is sensitive now (a password, payment card or one-time code field); it is never written';
  if (!elements.some((e) => isFieldVisible(e))) return `${HIDDEN_NOW}; call get_form_state again`;
  return undefined;
}

/** Why a field that passed the check before the first write was skipped: the fill's own writes changed it. */
function skippedReason(blocked: string): string {
  const after = 'after an earlier field of this fill was written';
  if (blocked.startsWith(HIDDEN_NOW))
    return `skipped: the field became hidden ${after} (the page hid it); call get_form_state again`;
  return `skipped: ${blocked} (the page changed it ${after})`;
}

/** The label the snapshot judges sensitivity by (a nearby text is not trusted to name the field). */
function sensitiveLabel(el: HTMLElement): string {
  const label = fieldLabel(el);
  return label.source === 'nearby' ? '' : label.text;
}

/** Undefined when the read-back is what was meant; otherwise the reason to report. */
function judge(type: FieldType, expected: FieldValue, actual: FieldValue, el: HTMLElement): string | undefined {
  if (!sameValue(expected, actual) && !sameMasked(type, expected, actual)) {
    return `the page did not keep the value: it shows ${JSON.stringify(actual)}`;
  }
  const validity = (el as HTMLInputElement).validity;
  if (validity && !validity.valid && type !== 'radio' && type !== 'checkbox') {
    return `the page rejects this value: ${(el as HTMLInputElement).validationMessage || 'invalid'}`;
  }
  return undefined;
}

/**
 * Whether two field values are equal: lists as sets (a multiple select's choices are the same choices in whatever
 * order the page lists them), text exactly.
 */
export function sameValue(a: FieldValue, b: FieldValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const sorted = (l: string[]) => [...l].sort().join('\u0000');
    return sorted(a) === sorted(b);
  }
  if (typeof a === 'string' && typeof b === 'string')
    return a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
  return a === b;
}

/** A mask (phone, date) reformats what was typed; the same letters and digits in order still count. */
function sameMasked(type: FieldType, expected: FieldValue, actual: FieldValue): boolean {
  if (typeof expected !== 'string' || typeof actual !== 'string' || type === 'select' || type === 'radio') return false;
  const bare = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  return bare(expected) !== '' && bare(expected) === bare(actual);
}
