/**
 * Whether a field is a password field: one the snapshot lists as write-only (never its value), filled only
 * with what the user types on the approval card (fill_password), never with text from the model.
 */
export function isPasswordField(el: Element): boolean {
  if (el.tagName !== 'INPUT') return false;
  const input = el as HTMLInputElement;
  if (input.type === 'password') return true;
  // A text input the page marks as a password (some sites switch the type to show what was typed).
  return (
    /\b(current|new)-password\b/.test((input.getAttribute('autocomplete') ?? '').toLowerCase()) && input.type === 'text'
  );
}
