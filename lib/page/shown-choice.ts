import { interactiveRole } from './interactive-role';

const MAX_LEVELS = 3;
const MAX_TEXT = 200;

/**
 * What a custom select built around a text input (react-select, downshift, many autocompletes) shows as
 * chosen: the input itself is empty once a choice is made, and the choice is text beside it, inside the
 * same control. Read from the nearest ancestors that hold no other control, without the placeholder the
 * input is described by; undefined when the input holds text or nothing is shown.
 */
export function shownChoice(input: HTMLElement): string | undefined {
  if (input.tagName !== 'INPUT' || (input as HTMLInputElement).value || interactiveRole(input) !== 'combobox')
    return undefined;
  const root = input.getRootNode() as Document | ShadowRoot;
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.getElementById(id))
    .filter((e): e is HTMLElement => !!e);
  let box = input.parentElement;
  for (let level = 0; box && level < MAX_LEVELS; level++, box = box.parentElement) {
    if (box.querySelectorAll('input, select, textarea, [role="combobox"]').length > 1) return undefined;
    const parts = textsIn(box, described);
    if (parts.length) return parts.join(', ').slice(0, MAX_TEXT);
  }
  return undefined;
}

/** The visible texts inside `box`, one per text node, leaving out the placeholder and live regions. */
function textsIn(box: HTMLElement, skip: HTMLElement[]): string[] {
  const out: string[] = [];
  const walker = box.ownerDocument.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    const text = n.textContent?.replace(/\s+/g, ' ').trim();
    if (
      !text ||
      !parent ||
      skip.some((s) => s.contains(parent)) ||
      parent.closest('[aria-live], [role="status"], [role="log"]')
    )
      continue;
    if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    out.push(text);
  }
  return out;
}
