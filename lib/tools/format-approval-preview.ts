import { collapseLabel } from './collapse-label';

/**
 * A readable summary of a tool call for the approval prompt: one `key: value` line per argument, long values
 * cut. Keys and values are collapsed to one line each, so arguments cannot draw lines of their own.
 */
export function formatApprovalPreview(toolName: string, input: unknown, maxValue = 200): string {
  const show = (v: unknown): string => {
    const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
    const flat = collapseLabel(s, Number.MAX_SAFE_INTEGER);
    return flat.length > maxValue ? `${flat.slice(0, maxValue)}… (${s.length} characters)` : flat;
  };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return `${toolName}: ${show(input)}`;
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return `${toolName} (no arguments)`;
  return [toolName, ...entries.map(([k, v]) => `  ${collapseLabel(k, 60)}: ${show(v)}`)].join('\n');
}
