import { boxOf, isRendered, viewportOf } from './layout-memo';
import { passMemo, withPassMemo } from './pass-memo';
import { hiddenVerdict } from './hidden-verdict';
import { isTransparentCombobox } from './is-transparent-combobox';

/**
 * Whether a person can see and reach a form control. Honeypots fail here: type=hidden, display:none,
 * visibility:hidden, opacity:0, off-page, zero-size, aria-hidden, or tabindex=-1 while visually hidden,
 * and so does a control inside something that hides it (clipped, scaled to nothing, positioned far away).
 */
export function isFieldVisible(el: Element): boolean {
  if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'hidden') return false;
  if (el.closest('[aria-hidden="true"], [inert]')) return false;
  if (isInsideHidden(el)) return false;
  if (isBoxVisible(el) && hiddenVerdict(el) !== 'hidden') return true;
  if (isTransparentCombobox(el)) return true;
  // Styled checkboxes and radios often hide the native input behind a visible label; the label is what a
  // person clicks, unless the input was also taken out of the tab order (a honeypot's tell).
  const input = el as HTMLInputElement;
  if (el.tagName !== 'INPUT' || (input.type !== 'checkbox' && input.type !== 'radio')) return false;
  if (el.getAttribute('tabindex') === '-1') return false;
  return Array.from(input.labels ?? []).some(
    (label) => isBoxVisible(label) && hiddenVerdict(label) !== 'hidden' && !isInsideHidden(label),
  );
}

/**
 * Runs `pass` (which must not change the page) sharing ancestors' verdicts between its calls: a snapshot
 * asks about 200 fields that share most of their ancestors.
 */
export const withAncestorCache = withPassMemo;

/** Whether an ancestor (across shadow roots) hides everything inside it; the checks native visibility misses. */
function isInsideHidden(el: Element): boolean {
  const cache = passMemo<boolean>('hidden-ancestor') ?? new Map<Element, boolean>();
  const doc = el.ownerDocument;
  const climbed: Element[] = [];
  let hidden = false;
  for (let a = parentOf(el); a && a !== doc.body && a !== doc.documentElement; a = parentOf(a)) {
    const known = cache.get(a);
    if (known !== undefined) {
      hidden = known;
      break;
    }
    climbed.push(a);
    if (hiddenVerdict(a) === 'hidden') {
      hidden = true;
      break;
    }
  }
  // Everything below a hidden ancestor is hidden; everything below a visible chain is not hidden by it.
  for (const a of climbed) cache.set(a, hidden);
  return hidden;
}

function parentOf(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root && 'host' in root ? (root as ShadowRoot).host : null;
}

function isBoxVisible(el: Element): boolean {
  if (!isRendered(el)) return false;
  const box = boxOf(el);
  if (box.width < 2 || box.height < 2) return false;
  const view = el.ownerDocument.defaultView;
  const port = view && viewportOf(view);
  if (port && (box.right + port.scrollX <= 0 || box.bottom + port.scrollY <= 0)) return false;
  // Clipping tricks (clip: rect(0 0 0 0)) come with a box of a few pixels at most; reading computed style
  // only for such boxes keeps a 200-field snapshot well inside its budget.
  if (box.width > 8 && box.height > 8) return true;
  const style = view?.getComputedStyle(el);
  return !style || (style.clip !== 'rect(0px, 0px, 0px, 0px)' && style.clipPath !== 'inset(50%)');
}
