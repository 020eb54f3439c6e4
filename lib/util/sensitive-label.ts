/**
 * Labels that name a secret, and the mask shown in their place. The page agent leaves passwords, cards and
 * one-time codes out of snapshots already (lib/page/is-sensitive-field.ts); this is the second line for what
 * is drawn or kept (the approval card, the activity log), so a page that slips one through under a plain type
 * still does not get its value shown or stored.
 */
const SENSITIVE =
  /pass.?word|passwd|\bpwd\b|\bpin\b|card.?(num|no\b|number)|credit.?card|\bcvc|\bcvv|security.?code|\botp\b|one.?time|verification.?code|\bssn\b|social.?security|secret|token|api.?key/i;

/** What stands in for a hidden value. */
export const MASK = '••••••';

/** Whether a field's value is hidden (its label or key names a secret, or it is a password field). */
export function isSensitiveLabel(label: string, key: string, type: string): boolean {
  return type === 'password' || SENSITIVE.test(`${label} ${key}`.replace(/[_-]/g, ' '));
}
