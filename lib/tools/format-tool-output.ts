/** Turns whatever a tool returned into the string the model reads back. */
export function formatToolOutput(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(no output)';
  try {
    return JSON.stringify(value);
  } catch (error) {
    // Circular or BigInt values: the model still deserves to know something came back.
    return `(unserialisable output: ${error instanceof Error ? error.message : String(error)})`;
  }
}
