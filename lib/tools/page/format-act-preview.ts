import type { ActInput } from '../../page/act-input';
import { t } from '../../util/t';
import { collapseLabel } from '../collapse-label';
import type { SnapshotSummary } from './page-target-store';
import type { ActionTarget } from '../define-tool';
import { destination } from './format-action-preview';

/**
 * The approval preview of a type, press, select or set_value call: its arguments, the element they name
 * in the snapshot the call acts on (role and name), and the page's origin. Everything from the page and
 * the model is collapsed to one line each, so neither can draw lines of its own on the card. Argument
 * names and roles stay as the model wrote them; the sentences around them are the user's language.
 */
export function formatActPreview(
  input: ActInput,
  summary: SnapshotSummary | undefined,
  origin: string | undefined,
  target?: Pick<ActionTarget, 'shown' | 'destination'>,
): string {
  const lines: string[] = [input.action];
  const ref = 'ref' in input ? input.ref : undefined;
  if (ref !== undefined) lines.push(`  ref: ${collapseLabel(ref, 80)}`);
  if (input.action === 'type') {
    const text = collapseLabel(input.text, 200);
    lines.push(input.clear === false ? `  ${t('preview_type_added', text)}` : `  text: "${text}"`);
  }
  if (input.action === 'press') lines.push(`  key: ${collapseLabel(input.key, 40)}`);
  if (input.action === 'select') lines.push(`  option: "${collapseLabel(input.option, 120)}"`);
  if (input.action === 'set_value') lines.push(`  value: ${collapseLabel(input.value, 40)}`);
  // What the page answered when the call was located (what it is bound to) comes before the snapshot's words.
  const now = target?.shown?.find((s) =>
    ref === undefined ? s.kind === 'focus' : s.kind === 'element' && s.ref === ref,
  );
  if (ref !== undefined) {
    const el = summary?.elements?.find((e) => e.ref === ref);
    const button = summary?.buttons.find((b) => b.key === ref);
    if (now)
      lines.push(`  ${t('preview_on_element', collapseLabel(now.role, 40), collapseLabel(now.name || ref, 80))}`);
    else if (el)
      lines.push(`  ${t('preview_on_element', collapseLabel(el.role, 40), collapseLabel(el.name || el.ref, 80))}`);
    else if (button) lines.push(`  ${t('preview_on_button', collapseLabel(button.text || button.key, 80))}`);
    else if (summary?.fieldKeys.includes(ref)) lines.push(`  ${t('preview_on_field', collapseLabel(ref, 80))}`);
    else lines.push(`  ${summary ? t('preview_not_in_page_snapshot') : t('preview_snapshot_unknown')}`);
  } else if (input.action === 'press') {
    lines.push(
      `  ${t('preview_on_focus')}${now?.name ? `: ${collapseLabel(now.role, 40)} "${collapseLabel(now.name, 80)}"` : ''}`,
    );
  }
  // A key that activates a link or submits a form says where it sends (marked when that is another site).
  const to = target?.destination;
  if (to !== undefined) {
    const link = now?.href === to;
    lines.push(
      `  ${link ? t('preview_goes_to', destination(to, undefined, origin)) : t('preview_submits_to', destination(to, now?.method, origin))}`,
    );
  }
  if (origin) lines.push(`  ${t('preview_on', origin)}`);
  return lines.join('\n');
}
