import type { PreviewOutput } from '../../page/page-command';
import { t } from '../../util/t';
import { collapseLabel } from '../collapse-label';

type Value = string | boolean | string[];

const MAX_VALUE = 120;
const MAX_LABEL = 80;

function show(value: Value): string {
  if (typeof value === 'boolean') return value ? t('preview_checked') : t('preview_unchecked');
  if (Array.isArray(value))
    return value.length
      ? collapseLabel(value.map((v) => JSON.stringify(v)).join(', '), MAX_VALUE * 2)
      : t('preview_no_value');
  if (value === '') return t('preview_empty_value');
  // JSON escapes newlines and tabs but not U+2028/U+2029; collapsing catches those (and format characters).
  const text = collapseLabel(JSON.stringify(value), Number.MAX_SAFE_INTEGER);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/**
 * The approval preview of a fill: one line per field with its label, the value it has now and the value it
 * would get. Keys the snapshot does not have are listed as such, so the user sees they will not be written.
 * Labels (page text) and keys (model text) are collapsed to one line, so neither can forge a line.
 */
export function formatFillPreview(updates: Record<string, Value>, current: PreviewOutput, origin?: string): string {
  const lines = Object.entries(updates).map(([rawKey, next]) => {
    const key = collapseLabel(rawKey, MAX_LABEL);
    const field = Object.hasOwn(current, rawKey) ? current[rawKey] : null;
    if (!field) return `  ${t('preview_not_a_field', key)}`;
    const label = collapseLabel(field.label, MAX_LABEL);
    const name = label && label !== key ? `${label} (${key})` : key;
    return `  ${name}: ${show(field.value)} → ${show(next)}`;
  });
  return ['fill_form', ...lines, ...(origin ? [`  ${t('preview_on', origin)}`] : [])].join('\n');
}
