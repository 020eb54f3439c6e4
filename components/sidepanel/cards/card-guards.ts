/**
 * Shape checks for what a card shows. A tool's result reaches a card as data, but nothing in it is trusted
 * (page text, indexed passages, saved memories, results kept by older versions): cards check its shape with
 * these before showing any of it, and show it as text.
 */
export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every key of every member of a union (a card reading two tools' outputs reads either's fields). */
type KeysOf<T> = T extends unknown ? keyof T : never;

/**
 * `v` as an object whose fields are named as the tool's output type `T` names them, each still unknown (to be
 * checked before use): a card reading a field the tool does not return is a type error, and nothing is trusted.
 */
export const fieldsOf = <T>(v: unknown): { [K in KeysOf<T>]?: unknown } | undefined =>
  isRecord(v) ? (v as { [K in KeysOf<T>]?: unknown }) : undefined;

/** The host of a URL, or '' when it is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch (error) {
    void error; // not a URL: no host to show
    return '';
  }
}

/** A field value as a person reads it: checked/unchecked, lists joined, empty said so. */
export function showValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'checked' : 'unchecked';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : '(none)';
  if (value === '' || value === undefined || value === null) return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
