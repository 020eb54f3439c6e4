/** A readable summary of a tool call for the approval prompt: one `key: value` line per argument, long values cut. */
export function formatApprovalPreview(toolName: string, input: unknown, maxValue = 200): string {
  const show = (v: unknown): string => {
    const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
    return s.length > maxValue ? `${s.slice(0, maxValue)}… (${s.length} characters)` : s;
  };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return `${toolName}: ${show(input)}`;
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return `${toolName} (no arguments)`;
  return [toolName, ...entries.map(([k, v]) => `  ${k}: ${show(v)}`)].join('\n');
}
