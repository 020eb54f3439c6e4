import { collapseLabel } from '../collapse-label';
import type { SnapshotSummary } from './page-target-store';

/** What the approval card needs to know about a click or a submission. */
export type ActionCall = { toolName: 'click'; input: { key: string } } | { toolName: 'submit_form'; input: { form: string } };

const quote = (text: string) => `"${collapseLabel(text, 80)}"`;

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
  const where = collapseLabel(url, 200);
  const other = pageOrigin && originOf(url) && originOf(url) !== pageOrigin ? ' (another site than the page)' : '';
  return `${method ? `${method.toUpperCase()} ` : ''}${where}${other}`;
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
    if (!form) return `  submits form ${quote(key)}`;
    const to = action ?? form.action;
    return `  submits form ${quote(form.label || form.key)} (${collapseLabel(form.key, 60)})${to ? ` to ${destination(to, form.method, origin)}` : ''}`;
  };
  if (call.toolName === 'click') {
    const button = summary?.buttons.find((b) => b.key === call.input.key);
    if (!button) lines.push(summary ? '  not a button of the last form snapshot (will be refused)' : '  (the snapshot is not known here)');
    else {
      lines.push(`  ${button.kind === 'link' ? 'link' : 'button'} ${quote(button.text || button.key)}`);
      if (button.kind === 'link' && button.action) lines.push(`  goes to ${destination(button.action, undefined, origin)}`);
      else if (button.kind === 'submit' && button.form) lines.push(formLine(button.form, button.action));
      else if (button.form) lines.push(`  in form ${quote(summary?.forms.find((f) => f.key === button.form)?.label || button.form)}`);
    }
  } else if (summary && !summary.forms.some((f) => f.key === call.input.form)) {
    lines.push('  not a form of the last form snapshot (will be refused)');
  } else {
    lines.push(formLine(call.input.form));
  }
  if (origin) lines.push(`  on ${origin}`);
  return lines.join('\n');
}
