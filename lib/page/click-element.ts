import type { Allowlist } from './allowlist';
import { isUsableOption } from './is-usable-option';
import type { PageChanges } from './page-changes';
import { pointerClick } from './pointer-events';

/** Input of the click tool. */
export interface ClickInput {
  /** Ref of an element from get_page_state, or key of a button or link from get_form_state. */
  key: string;
}

/** What a click or submit did, as plain data the model can read. */
export type ActionResult =
  { ok: true; key: string; text?: string; changes?: PageChanges } | { ok: false; key: string; reason: string };

/** Clicks an element of the last snapshot as a person would: scrolled into view, pointer down and up, clicked. */
export function clickElement(allowlist: Allowlist, key: string): ActionResult {
  if (!allowlist.hasButton(key))
    return { ok: false, key, reason: 'not an element of the last snapshot; call get_page_state to see the refs' };
  const el = allowlist.button(key);
  if (!el?.isConnected)
    return { ok: false, key, reason: 'the button is gone (the page changed); call get_form_state again' };
  if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true')
    return { ok: false, key, reason: 'the button is disabled' };
  // An option listed by the snapshot may have been hidden or disabled since: a person could not pick it now.
  if (el.getAttribute('role') === 'option' && !isUsableOption(el))
    return { ok: false, key, reason: 'the option is hidden or disabled now; it is never chosen' };
  el.scrollIntoView({ block: 'center', inline: 'nearest' });
  pointerClick(el);
  return { ok: true, key, text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 120) };
}
