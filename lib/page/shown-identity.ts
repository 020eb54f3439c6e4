/**
 * What an approval card showed of an element a call acts on, read in the page: its role, its accessible name,
 * where a link goes and where the form it would submit sends. It is taken when the call is located (before the
 * card), kept with the approval, and read again at the moment of acting: any difference refuses the call, so a
 * page that renames "Save draft" to "Delete account" (or re-points a link or a form) after the card changes
 * nothing. Plain data: it crosses the extension's messaging and is journaled.
 */
export interface ShownIdentity {
  /**
   * An element by ref or key, a form field by key (fill_form), a form by key (submit_form), whatever has the
   * focus (press without a ref), or a tool the page offers by its name (call_page_tool: its description as
   * `name`, read-only or not as `role`).
   */
  kind: 'element' | 'field' | 'form' | 'focus' | 'tool';
  /** The ref or key the call named ('' for the focus). */
  ref: string;
  role: string;
  name: string;
  /** A link's destination, resolved as the browser would follow it. */
  href?: string;
  /** Where submitting sends (resolved action URL) and how, for submit buttons, fields of a form and forms. */
  action?: string;
  method?: string;
  /** A page tool's input schema (canonical JSON). */
  schema?: string;
}

const q = (s: string | undefined) => (s === undefined ? '(none)' : JSON.stringify(s));

/** How `now` differs from what was `shown`, in words the model reads ("name "Save draft" → "Delete account""); undefined when the same. */
export function identityChange(shown: ShownIdentity, now: ShownIdentity | undefined): string | undefined {
  const what = shown.kind === 'focus' ? 'the focused element' : `"${shown.ref}"`;
  if (!now) return shown.kind === 'tool' ? `the page no longer offers tool "${shown.ref}"` : `${what} is gone`;
  const diffs: string[] = [];
  if (shown.kind === 'tool') {
    if (now.role !== shown.role) diffs.push(`it is now a ${now.role}`);
    if (now.name !== shown.name) diffs.push('its description changed');
    if (now.schema !== shown.schema) diffs.push('its input schema changed');
    if (now.action !== shown.action || now.method !== shown.method) diffs.push('its form now submits elsewhere');
    return diffs.length ? `tool "${shown.ref}": ${diffs.join(', ')}` : undefined;
  }
  if (now.role !== shown.role) diffs.push(`role ${shown.role} → ${now.role}`);
  if (now.name !== shown.name) diffs.push(`name ${q(shown.name)} → ${q(now.name)}`);
  if (now.href !== shown.href) diffs.push(`link target ${q(shown.href)} → ${q(now.href)}`);
  if (now.action !== shown.action || now.method !== shown.method) {
    const dest = (i: ShownIdentity) =>
      i.action === undefined ? '(none)' : `${(i.method ?? 'get').toUpperCase()} ${i.action}`;
    diffs.push(`form destination ${dest(shown)} → ${dest(now)}`);
  }
  return diffs.length ? diffs.join(', ') : undefined;
}

/** What the model reads when an approved call's element changed before it acted. */
export const changedSinceApproved = (changes: string[]) =>
  `Refused: the element changed since it was approved: ${changes.join('; ')}; nothing was done. Call get_page_state again.`;
