/** A plain object (not null, not an array): what a parsed JSON value must be before its fields are read. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
