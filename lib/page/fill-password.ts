import { PageError } from './page-error';
import type { Allowlist } from './allowlist';
import { isPasswordField } from './is-password-field';
import { setNativeValue } from './set-native-value';

/** Input of the fill_password page command: the field's ref and the value the user typed on the card. */
export interface FillPasswordInput {
  ref: string;
  value: string;
}

/** What the page answers: which field was filled. Never the value, nor its length. */
export interface FillPasswordOutput {
  ref: string;
  filled: true;
}

/** Why a password could not be written (the model reads it). */

/**
 * Writes the user's password into the password field `ref` of the run's snapshot: only a field the snapshot
 * listed as write-only, still connected, still a password field, enabled and editable. The value is read
 * back by identity (the element's own value), and the answer says only that it was filled.
 */
export function fillPassword(allowlist: Allowlist, { ref, value }: FillPasswordInput): FillPasswordOutput {
  const el = allowlist.secret(ref);
  if (!el)
    throw new PageError(
      `"${ref}" is not a password field of the last page snapshot; call get_page_state to see the fields.`,
      'failed',
    );
  if (!el.isConnected || !isPasswordField(el))
    throw new PageError(
      `The password field "${ref}" is gone or is no longer a password field; call get_page_state again.`,
      'failed',
    );
  if (el.disabled || el.readOnly)
    throw new PageError(`The password field "${ref}" is disabled or read-only.`, 'failed');
  el.focus({ preventScroll: true });
  setNativeValue(el, value);
  if (el.value !== value)
    throw new PageError(
      `The page did not keep the password in "${ref}" (it may limit what the field accepts).`,
      'failed',
    );
  return { ref, filled: true };
}
