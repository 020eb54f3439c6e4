/**
 * An MCP call's arguments as egress: every string (and number) leaf, under its JSON path, so the data-flow
 * gate sees text the run read on another origin leaving for the server's, whatever the tool's policy.
 */
import type { WrittenValue } from '../define-tool';

/** Bounded, so a huge argument object cannot make the check itself slow (past the cap, the rest goes as one JSON value). */
const MAX_VALUES = 500;
const MAX_DEPTH = 20;

const keyPath = (base: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;

export function mcpWrittenValues(input: unknown): WrittenValue[] {
  const out: WrittenValue[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (out.length >= MAX_VALUES) return;
    if (typeof value === 'string') out.push({ field: path || '(arguments)', value });
    else if (typeof value === 'number' || typeof value === 'bigint')
      out.push({ field: path || '(arguments)', value: String(value) });
    else if (value === null || typeof value !== 'object') return;
    // Deeper than we walk: the rest goes as one value, so nesting cannot hide a string from the check.
    else if (depth >= MAX_DEPTH) out.push({ field: path, value: JSON.stringify(value) });
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, depth + 1));
    else for (const [k, v] of Object.entries(value)) walk(v, keyPath(path, k), depth + 1);
  };
  walk(input, '', 0);
  if (out.length >= MAX_VALUES) out.push({ field: '(arguments)', value: JSON.stringify(input) });
  return out;
}
