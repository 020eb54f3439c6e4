/** One Server-Sent Events frame; `data` is JSON-encoded unless it is already a string (e.g. `[DONE]`). */
export function sseFrame(data: unknown, event?: string): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${text}\n\n`;
}
