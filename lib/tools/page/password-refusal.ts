import type { PageCommandName } from '../../page/page-command';
import type { PageToolCall } from './page-router';

/** What the model reads when it tries to write a password field itself. */
export const PASSWORD_BY_MODEL =
  'is a password field: you never type or see passwords. Call fill_password with its ref and the user types the password on the approval card.';

type AnyPageCall = { [K in PageCommandName]: PageToolCall<K> }[PageCommandName];

/**
 * The worker's password rules, before anything is sent: fill_password reaches only the write-only fields of
 * the run's snapshot, and no other write (fill_form, type, select, set_value, click, press on it) reaches
 * them. Undefined when the call does not touch a password field.
 */
export function passwordRefusal(call: AnyPageCall, writeOnlyKeys: string[]): { refusal: string } | undefined {
  if (call.toolName === 'fill_password') {
    if (writeOnlyKeys.includes(call.input.ref)) return undefined;
    return {
      refusal: `fill_password failed: "${call.input.ref}" is not a password field of the last page snapshot; call get_page_state to see the fields`,
    };
  }
  if (call.toolName === 'fill_form') {
    const key = Object.keys(call.input.updates).find((k) => writeOnlyKeys.includes(k));
    return key === undefined
      ? undefined
      : { refusal: `fill_form refused: "${key}" ${PASSWORD_BY_MODEL} Nothing was written.` };
  }
  if (
    call.toolName === 'act' &&
    'ref' in call.input &&
    call.input.ref !== undefined &&
    writeOnlyKeys.includes(call.input.ref)
  ) {
    return { refusal: `${call.input.action} refused: "${call.input.ref}" ${PASSWORD_BY_MODEL}` };
  }
  return undefined;
}

/** The refs a page tool's arguments name (by tool name, as the model called it). */
function refsOf(toolName: string, input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return [];
  const o = input as Record<string, unknown>;
  if (toolName === 'fill_form' && typeof o.updates === 'object' && o.updates !== null) return Object.keys(o.updates);
  return [o.ref, o.key].filter((r): r is string => typeof r === 'string');
}

/**
 * The same rule for a tool call before its approval is asked: a write by the model to a password field is
 * refused with this message, and the user is never asked to approve it. Undefined when none is touched.
 */
export function passwordWriteRefusal(toolName: string, input: unknown, writeOnlyKeys: string[]): string | undefined {
  if (toolName === 'fill_password') {
    // The user is never asked to type a password for a field that is not one (a page's "recovery hint").
    const [ref] = refsOf(toolName, input);
    return ref !== undefined && writeOnlyKeys.includes(ref)
      ? undefined
      : `fill_password refused: "${ref ?? ''}" is not a password field of the last page snapshot (fields listed with writeOnly: true), so the user was not asked. Nothing was done.`;
  }
  if (!writeOnlyKeys.length) return undefined;
  const ref = refsOf(toolName, input).find((r) => writeOnlyKeys.includes(r));
  return ref === undefined ? undefined : `${toolName} refused: "${ref}" ${PASSWORD_BY_MODEL} Nothing was done.`;
}
