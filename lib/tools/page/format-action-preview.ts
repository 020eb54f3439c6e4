import { t } from '../../util/t';
import { collapseLabel } from '../collapse-label';
import type { SnapshotSummary } from './page-target-store';
import type { ShownIdentity } from '../../page/shown-identity';

/** What the approval card needs to know about a click or a submission. */
export type ActionCall =
  { toolName: 'click'; input: { key: string } } | { toolName: 'submit_form'; input: { form: string } };

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

/** Whether `url` leaves the page's origin (a link or form that goes elsewhere is worth a second look). */
const leavesSite = (url: string, pageOrigin: string | undefined) =>
  !!pageOrigin && !!originOf(url) && originOf(url) !== pageOrigin;

/** "POST https://…", marked when it leaves the page's origin. */
export function destination(url: string, method: string | undefined, pageOrigin: string | undefined): string {
  const where = `${method ? `${method.toUpperCase()} ` : ''}${collapseLabel(url, 200)}`;
  return leavesSite(url, pageOrigin) ? t('preview_other_site', where) : where;
}

/**
 * The approval preview of a click or a submission: the button's text, the form it submits and where that
 * form sends (or where a link goes), marked when that is another site (the panel also draws its own warning
 * from the call's destination), and the origin of the page.
 * What the page answered when the call was located (`shown`: what the call is bound to) comes first; the
 * snapshot fills in what it does not say. Everything from the page is collapsed to one line, so the page
 * cannot draw lines of its own.
 */
export function formatActionPreview(
  call: ActionCall,
  summary: SnapshotSummary | undefined,
  origin: string | undefined,
  shown?: ShownIdentity[],
): string {
  // The arguments first, as every approval card lists them; then what they name on the page.
  const arg = call.toolName === 'click' ? call.input.key : call.input.form;
  const lines: string[] = [call.toolName, `  ${call.toolName === 'click' ? 'key' : 'form'}: ${collapseLabel(arg, 80)}`];
  const now = shown?.find((s) => s.ref === arg && s.kind === (call.toolName === 'click' ? 'element' : 'form'));
  const formLine = (key: string | undefined, action?: string, method?: string) => {
    const form = key === undefined ? undefined : summary?.forms.find((f) => f.key === key);
    const to = action ?? form?.action;
    const how = action !== undefined ? method : form?.method;
    if (!form)
      return `  ${to ? t('preview_submits_to', destination(to, how, origin)) : t('preview_submits_unknown_form', label(key ?? ''))}`;
    const name = label(form.label || form.key);
    const formKey = collapseLabel(form.key, 60);
    return `  ${to ? t('preview_submits_form_to', name, formKey, destination(to, how, origin)) : t('preview_submits_form', name, formKey)}`;
  };
  if (call.toolName === 'click') {
    const button = summary?.buttons.find((b) => b.key === call.input.key);
    if (!button && !now) lines.push(`  ${summary ? t('preview_not_a_button') : t('preview_snapshot_unknown')}`);
    else {
      const text = label(now?.name || button?.text || call.input.key);
      const link = now ? now.href !== undefined || now.role === 'link' : button?.kind === 'link';
      const submits = now ? now.role === 'button' && now.action !== undefined : button?.kind === 'submit';
      const href = now ? now.href : button?.action;
      lines.push(
        `  ${link ? t('preview_link', text) : !now || now.role === 'button' ? t('preview_button', text) : t('preview_on_element', collapseLabel(now.role, 40), text)}`,
      );
      if (link && href) {
        lines.push(`  ${t('preview_goes_to', destination(href, undefined, origin))}`);
      } else if (submits) lines.push(formLine(button?.form, now?.action ?? button?.action, now?.method));
      else if (button?.form)
        lines.push(
          `  ${t('preview_in_form', label(summary?.forms.find((f) => f.key === button.form)?.label || button.form))}`,
        );
    }
  } else if (summary && !summary.forms.some((f) => f.key === call.input.form)) {
    lines.push(`  ${t('preview_not_a_form')}`);
  } else {
    lines.push(formLine(call.input.form, now?.action, now?.method));
  }
  if (origin) lines.push(`  ${t('preview_on', origin)}`);
  return lines.join('\n');
}
