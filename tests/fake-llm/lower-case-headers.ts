import type { IncomingHttpHeaders } from 'node:http';

/** Node's headers as a plain lower-cased record, repeated values joined with `, ` as `Headers.get` would. */
export function lowerCaseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
