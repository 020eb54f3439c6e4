import type { ActKit } from './act-kit';
import { pressKey } from './press-key';
import { parseKey } from './key-events';
import { typeText } from './type-text';
import { waitUntil } from './wait-until';

/** What a choice came to: the option chosen, or why none was. */
export type ChoiceOutcome = { ok: true; chosen: string } | { ok: false; reason: string };

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The options a listbox or combobox offers: inside it, in the popup it controls, else anywhere in its
 * document; only those a person could pick unless `all`.
 */
function optionsFor(el: Element, kit: ActKit, all = false): HTMLElement[] {
  const root = el.getRootNode() as Document | ShadowRoot;
  const ids = `${el.getAttribute('aria-controls') ?? ''} ${el.getAttribute('aria-owns') ?? ''}`
    .split(/\s+/)
    .filter(Boolean);
  const popups = [el, ...ids.map((id) => root.getElementById(id)).filter((p): p is HTMLElement => !!p)];
  let options = popups.flatMap((p) => Array.from(p.querySelectorAll<HTMLElement>('[role="option"]')));
  if (!options.length) options = Array.from(el.ownerDocument.querySelectorAll<HTMLElement>('[role="option"]'));
  // Judged now, at the moment of choosing: a page can hide or disable an option after the snapshot.
  return all ? options : options.filter((o) => kit.isUsableOption(o));
}

/** The one option named `wanted`: exactly (ignoring case and spacing), else the only one starting with it. */
function match(options: HTMLElement[], wanted: string, kit: ActKit): HTMLElement | 'ambiguous' | undefined {
  const target = norm(wanted);
  // A hidden option has no accessible name; its text is what a script would read to pick it.
  const nameOf = (o: HTMLElement) => norm(kit.elementName(o, 'option') || o.textContent || '');
  const exact = options.filter((o) => nameOf(o) === target);
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) return 'ambiguous';
  const prefix = options.filter((o) => nameOf(o).startsWith(target));
  return prefix.length === 1 ? prefix[0] : prefix.length > 1 ? 'ambiguous' : undefined;
}

/**
 * Chooses `wanted` in an ARIA listbox, combobox or autocomplete as a person would: if the option is not
 * showing, open the widget (click it), then type the option's text into its input and wait for the list,
 * then try ArrowDown; the option found is clicked. Options are matched by their visible name, never by
 * position; two options of the same name are a failure with a reason.
 */
export async function chooseOption(
  el: HTMLElement,
  wanted: string,
  kit: ActKit,
  waitMs = 1500,
): Promise<ChoiceOutcome> {
  const find = () => {
    const m = match(optionsFor(el, kit), wanted, kit);
    return m;
  };
  let found = find();
  if (found === undefined && el.getAttribute('role') !== 'listbox') {
    kit.pointerClick(el);
    found = await waitUntil(find, 300);
    const input = el.matches('input, textarea, [contenteditable="true"]')
      ? el
      : el.querySelector<HTMLElement>('input, [contenteditable="true"]');
    if (found === undefined && input) {
      typeText(input, wanted, true);
      found = await waitUntil(find, waitMs);
    }
    if (found === undefined) {
      pressKey(el.ownerDocument, parseKey('ArrowDown')!, input ?? el);
      found = await waitUntil(find, 500);
    }
  }
  if (found === 'ambiguous') return { ok: false, reason: `several options are named "${wanted}"; name one exactly` };
  if (!found && match(optionsFor(el, kit, true), wanted, kit) !== undefined) {
    return {
      ok: false,
      reason: `"${wanted}" is a hidden or disabled option: a person cannot choose it, so it is never chosen`,
    };
  }
  if (!found) {
    const shown = optionsFor(el, kit)
      .slice(0, 20)
      .map((o) => JSON.stringify(kit.elementName(o, 'option')))
      .join(', ');
    return { ok: false, reason: `no option named "${wanted}" appeared${shown ? ` (options shown: ${shown})` : ''}` };
  }
  const chosen = kit.elementName(found, 'option');
  kit.pointerClick(found);
  return { ok: true, chosen };
}
