import type { ActInput } from '../../page/act-input';
import { collapseLabel } from '../collapse-label';
import type { SnapshotSummary } from './page-target-store';

/**
 * The approval preview of a type, press, select or set_value call: its arguments, the element they name
 * in the snapshot the call acts on (role and name), and the page's origin. Everything from the page and
 * the model is collapsed to one line each, so neither can draw lines of its own on the card.
 */
export function formatActPreview(input: ActInput, summary: SnapshotSummary | undefined, origin: string | undefined): string {
  const lines: string[] = [input.action];
  const ref = 'ref' in input ? input.ref : undefined;
  if (ref !== undefined) lines.push(`  ref: ${collapseLabel(ref, 80)}`);
  if (input.action === 'type') lines.push(`  text: "${collapseLabel(input.text, 200)}"${input.clear === false ? ' (added to what is there)' : ''}`);
  if (input.action === 'press') lines.push(`  key: ${collapseLabel(input.key, 40)}`);
  if (input.action === 'select') lines.push(`  option: "${collapseLabel(input.option, 120)}"`);
  if (input.action === 'set_value') lines.push(`  value: ${collapseLabel(input.value, 40)}`);
  if (ref !== undefined) {
    const el = summary?.elements?.find((e) => e.ref === ref);
    const button = summary?.buttons.find((b) => b.key === ref);
    if (el) lines.push(`  on ${collapseLabel(el.role, 40)} "${collapseLabel(el.name || el.ref, 80)}"`);
    else if (button) lines.push(`  on "${collapseLabel(button.text || button.key, 80)}"`);
    else if (summary?.fieldKeys.includes(ref)) lines.push(`  on field ${collapseLabel(ref, 80)}`);
    else lines.push(summary ? '  not an element of the last page snapshot (will be refused)' : '  (the snapshot is not known here)');
  } else if (input.action === 'press') {
    lines.push('  on whatever has the focus');
  }
  if (origin) lines.push(`  on ${origin}`);
  return lines.join('\n');
}
