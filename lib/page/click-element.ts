import type { Allowlist } from './allowlist';

/** Input of the click tool. */
export interface ClickInput {
  /** Key of a button or link from get_form_state. */
  key: string;
}

/** What a click or submit did, as plain data the model can read. */
export type ActionResult = { ok: true; key: string; text?: string } | { ok: false; key: string; reason: string };

/** Clicks a button or link of the last snapshot, as a person would (scrolled into view, focused, clicked). */
export function clickElement(allowlist: Allowlist, key: string): ActionResult {
  if (!allowlist.hasButton(key)) return { ok: false, key, reason: 'not a button of the last form snapshot; call get_form_state to see the buttons' };
  const el = allowlist.button(key);
  if (!el?.isConnected) return { ok: false, key, reason: 'the button is gone (the page changed); call get_form_state again' };
  if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') return { ok: false, key, reason: 'the button is disabled' };
  el.scrollIntoView({ block: 'center', inline: 'nearest' });
  el.focus({ preventScroll: true });
  el.click();
  return { ok: true, key, text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 120) };
}
