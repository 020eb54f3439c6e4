import { isRecord } from './card-guards';

/** One row of the generic card: a key and its value as one line of text. */
export interface KeyValueRow {
  key: string;
  value: string;
}

const MAX_ROWS = 30;
const MAX_VALUE = 300;

const flat = (v: unknown): string => {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > MAX_VALUE ? `${one.slice(0, MAX_VALUE)}…` : one;
};

/**
 * Any value as key/value rows (an object's entries, a list's items by position), so a tool the panel does
 * not know (a future MCP tool) still reads as something better than JSON; `undefined` for plain text.
 */
export function describeKeyValues(value: unknown): KeyValueRow[] | undefined {
  if (Array.isArray(value)) return value.slice(0, MAX_ROWS).map((v, i) => ({ key: String(i + 1), value: flat(v) }));
  if (isRecord(value))
    return Object.entries(value)
      .slice(0, MAX_ROWS)
      .map(([key, v]) => ({ key, value: flat(v) }));
  return undefined;
}
