import { t } from '../../util/t';
import { collapseLabel } from '../collapse-label';
import type { SnapshotSummary } from './page-target-store';

/** What the approval card needs to know about a click or a submission. */
export type ActionCall = { toolName: 'click'; input: { key: string } } | { toolName: 'submit_form'; input: { form: string } };

/** Page text in a sentence of the card: one line, cut (the sentence puts the quotation marks of its language). */
const label = (text: string) => collapseLabel(text, 80);

const originOf = (url: string): string | undefined => {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch (error) {
    void error; // not a URL: no origin to compare
    return undefined;
  }
};

/** "POST https://…", marked when it leaves the page's origin (a form that posts elsewhere is worth a second look). */
function destination(url: string, method: string | undefined, pageOrigin: string | undefined): string {
  const where = `${method ? `${method.toUpperCase()} ` : ''}${collapseLabel(url, 200)}`;
  return pageOrigin && originOf(url) && originOf(url) !== pageOrigin ? t('preview_other_site', where) : where;
}

/**
 * The approval preview of a click or a submission, from the snapshot the call acts on: the button's text,
 * the form it submits and where that form sends, and the origin of the page. Everything from the page is
 * collapsed to one line, so the page cannot draw lines of its own.
 */
export function formatActionPreview(call: ActionCall, summary: SnapshotSummary | undefined, origin: string | undefined): string {
  // The arguments first, as every approval card lists them; then what they name on the page.
  const arg = call.toolName === 'click' ? call.input.key : call.input.form;
  const lines: string[] = [call.toolName, `  ${call.toolName === 'click' ? 'key' : 'form'}: ${collapseLabel(arg, 80)}`];
  const formLine = (key: string, action?: string) => {
    const form = summary?.forms.find((f) => f.key === key);
    if (!form) return `  ${t('preview_submits_unknown_form', label(key))}`;
    const to = action ?? form.action;
    const name = label(form.label || form.key);
    const formKey = collapseLabel(form.key, 60);
    return `  ${to ? t('preview_submits_form_to', name, formKey, destination(to, form.method, origin)) : t('preview_submits_form', name, formKey)}`;
  };
  if (call.toolName === 'click') {
    const button = summary?.buttons.find((b) => b.key === call.input.key);
    if (!button) lines.push(`  ${summary ? t('preview_not_a_button') : t('preview_snapshot_unknown')}`);
    else {
      const text = label(button.text || button.key);
      lines.push(`  ${button.kind === 'link' ? t('preview_link', text) : t('preview_button', text)}`);
      if (button.kind === 'link' && button.action) lines.push(`  ${t('preview_goes_to', destination(button.action, undefined, origin))}`);
      else if (button.kind === 'submit' && button.form) lines.push(formLine(button.form, button.action));
      else if (button.form) lines.push(`  ${t('preview_in_form', label(summary?.forms.find((f) => f.key === button.form)?.label || button.form))}`);
    }
  } else if (summary && !summary.forms.some((f) => f.key === call.input.form)) {
    lines.push(`  ${t('preview_not_a_form')}`);
  } else {
    lines.push(formLine(call.input.form));
  }
  if (origin) lines.push(`  ${t('preview_on', origin)}`);
  return lines.join('\n');
}
