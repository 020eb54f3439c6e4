import { t } from '../util/t';
import { collapseLabel } from './collapse-label';
import { formatInteger } from '../util/format-integer';

/**
 * A readable summary of a tool call for the approval prompt: one `key: value` line per argument, long values
 * cut. Keys and values are collapsed to one line each, so arguments cannot draw lines of their own. The
 * words around them are the user's language (the card is never shown to the model).
 */
export function formatApprovalPreview(toolName: string, input: unknown, maxValue = 200): string {
  const show = (v: unknown): string => {
    const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
    const flat = collapseLabel(s, Number.MAX_SAFE_INTEGER);
    return flat.length > maxValue ? t('preview_cut_value', flat.slice(0, maxValue), formatInteger(s.length)) : flat;
  };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return `${toolName}: ${show(input)}`;
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return t('preview_no_arguments', toolName);
  return [toolName, ...entries.map(([k, v]) => `  ${collapseLabel(k, 60)}: ${show(v)}`)].join('\n');
}
