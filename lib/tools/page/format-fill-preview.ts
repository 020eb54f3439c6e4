import type { PreviewOutput } from '../../page/page-command';

type Value = string | boolean | string[];

const MAX_VALUE = 120;

function show(value: Value): string {
  if (typeof value === 'boolean') return value ? 'checked' : 'unchecked';
  if (Array.isArray(value)) return value.length ? value.map((v) => JSON.stringify(v)).join(', ') : '(none)';
  if (value === '') return '(empty)';
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/**
 * The approval preview of a fill: one line per field with its label, the value it has now and the value it
 * would get. Keys the snapshot does not have are listed as such, so the user sees they will not be written.
 */
export function formatFillPreview(updates: Record<string, Value>, current: PreviewOutput): string {
  const lines = Object.entries(updates).map(([key, next]) => {
    const field = current[key];
    if (!field) return `  ${key}: not a field of the form (will be ignored)`;
    const name = field.label && field.label !== key ? `${field.label} (${key})` : key;
    return `  ${name}: ${show(field.value)} → ${show(next)}`;
  });
  return ['fill_form', ...lines].join('\n');
}
