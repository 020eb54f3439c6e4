/**
 * A form field's value as a person reads it on the page: an option's label rather than its value, a date in
 * the UI's language rather than ISO, a checkbox as checked or unchecked. Used by the fill and form-state cards.
 */
import { isRecord, str } from './card-guards';
import { uiLocale } from '../../ui/ui-locale';
import { t } from '../../ui/t';

export interface FieldOption {
  value: string;
  label: string;
}

/** What the panel knows of a field to show its value: its type and, for choices, the options the page lists. */
export interface FieldShape {
  type: string;
  options?: FieldOption[];
}

/** The options a form-state field lists, checked one by one (page data). */
export function optionsOf(v: unknown): FieldOption[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const options = v.flatMap((o) =>
    isRecord(o) && str(o.value) !== undefined ? [{ value: str(o.value)!, label: str(o.label) || str(o.value)! }] : [],
  );
  return options.length ? options : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** A date-like input value as a Date in UTC (the value has no zone; UTC keeps it from shifting a day). */
function parseDateValue(type: string, value: string): { date: Date; options: Intl.DateTimeFormatOptions } | undefined {
  const n = (s: string | undefined) => Number(s ?? 0);
  let m: RegExpMatchArray | null;
  if (type === 'date' && (m = value.match(ISO_DATE)))
    return { date: new Date(Date.UTC(n(m[1]), n(m[2]) - 1, n(m[3]))), options: { dateStyle: 'medium' } };
  if (type === 'datetime-local' && (m = value.match(ISO_DATE_TIME)))
    return {
      date: new Date(Date.UTC(n(m[1]), n(m[2]) - 1, n(m[3]), n(m[4]), n(m[5]))),
      options: { dateStyle: 'medium', timeStyle: 'short' },
    };
  if (type === 'time' && (m = value.match(ISO_TIME)))
    return { date: new Date(Date.UTC(1970, 0, 1, n(m[1]), n(m[2]))), options: { timeStyle: 'short' } };
  if (type === 'month' && (m = value.match(ISO_MONTH)))
    return { date: new Date(Date.UTC(n(m[1]), n(m[2]) - 1, 1)), options: { year: 'numeric', month: 'long' } };
  return undefined;
}

function formatDateValue(type: string, value: string): string | undefined {
  const parsed = parseDateValue(type, value);
  if (!parsed || Number.isNaN(parsed.date.getTime())) return undefined;
  return new Intl.DateTimeFormat(uiLocale(), { ...parsed.options, timeZone: 'UTC' }).format(parsed.date);
}

/** The option a value names: by its value first, then (what a model may send) by its label, ignoring case. */
export function optionFor(options: FieldOption[] | undefined, value: string): FieldOption | undefined {
  if (!options) return undefined;
  const fold = (s: string) => s.trim().toLocaleLowerCase();
  return (
    options.find((o) => o.value === value) ??
    options.find((o) => fold(o.value) === fold(value)) ??
    options.find((o) => fold(o.label) === fold(value))
  );
}

function showOne(value: string, field: FieldShape | undefined): string {
  if (value === '') return t('preview_empty_value');
  const option = optionFor(field?.options, value);
  if (option) return option.label;
  return (field && formatDateValue(field.type, value)) ?? value;
}

/** A field value as the page shows it to a person. */
export function showFieldValue(value: unknown, field?: FieldShape): string {
  if (typeof value === 'boolean') return value ? t('preview_checked') : t('preview_unchecked');
  if (Array.isArray(value))
    return value.length ? value.map((v) => showOne(String(v), field)).join(', ') : t('preview_no_value');
  if (value === undefined || value === null) return t('preview_empty_value');
  return showOne(typeof value === 'string' ? value : JSON.stringify(value), field);
}

/** The same value in the page's eyes: one option, one date, one number, or the same text but for case and spacing. */
function sameOne(asked: string, back: string, field: FieldShape | undefined): boolean {
  const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  if (fold(asked) === fold(back)) return true;
  const option = optionFor(field?.options, back);
  if (option && optionFor(field?.options, asked) === option) return true;
  if (field?.type === 'number' && asked.trim() !== '' && Number(asked) === Number(back)) return true;
  if (field) {
    const a = parseDateValue(field.type, asked)?.date.getTime();
    if (a !== undefined && a === parseDateValue(field.type, back)?.date.getTime()) return true;
  }
  return false;
}

/**
 * Whether what the page reads back after a write is what was asked for, once the page's own normalising is
 * seen through (an option asked for by its label and read back as its value, "DE" read back as "de", a date
 * written as the page stores it). Only a real difference is worth a note on the card.
 */
export function sameFieldValue(asked: unknown, back: unknown, field?: FieldShape): boolean {
  if (typeof asked === 'boolean' || typeof back === 'boolean') return asked === back;
  if (Array.isArray(asked) || Array.isArray(back)) {
    const a = [asked].flat().map(String);
    const b = [back].flat().map(String);
    return a.length === b.length && a.every((x) => b.some((y) => sameOne(x, y, field)));
  }
  return sameOne(String(asked ?? ''), String(back ?? ''), field);
}

/**
 * What the page shows after a write that differs from what was asked: the option's label with its value
 * ("Germany (DE)") when the page chose an option, else the value as shown.
 */
export function showReadBack(back: unknown, field?: FieldShape): string {
  if (typeof back === 'string') {
    const option = optionFor(field?.options, back);
    if (option && option.label !== option.value) return `${option.label} (${option.value})`;
  }
  return showFieldValue(back, field);
}
