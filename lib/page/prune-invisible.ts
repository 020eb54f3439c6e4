import { hiddenVerdict } from './hidden-verdict';
import { isEditableRegion } from './is-editable-region';
import { stripInvisibleChars, type InvisibleCharCount } from './strip-invisible-chars';

/** Attributes whose text can reach the Markdown (image alt, link target); link titles never do. */
const TEXT_ATTRIBUTES = ['alt', 'href'];

/**
 * Removes from `copy` (an exact clone of `live`) every node a person cannot see on the live page:
 * hidden elements, text under visibility:hidden or in invisible ink, comments. The clone has no computed
 * style, so the verdicts come from the live tree, walked in lockstep with the clone. The text that stays
 * loses its invisible characters (counted in `count`), and elements lose their `title`. With `excludeEditable`
 * (capture for the history index), regions the user types into go too (isEditableRegion).
 */
export function pruneInvisible(
  live: Element,
  copy: Element,
  count: InvisibleCharCount = { removed: 0 },
  options: PruneOptions = {},
): void {
  cleanAttributes(copy, count);
  if (options.excludeEditable && isEditableRegion(live)) {
    copy.replaceChildren();
    return;
  }
  pruneChildren(live, copy, hiddenVerdict(live) === 'text-hidden', count, options);
}

/** What else pruneInvisible removes besides invisible nodes. */
export interface PruneOptions {
  /** Removes form controls, contenteditable regions and text boxes (what the user typed). */
  excludeEditable?: boolean;
}

function pruneChildren(
  live: Node,
  copy: Node,
  textHidden: boolean,
  count: InvisibleCharCount,
  options: PruneOptions,
): void {
  let l = live.firstChild;
  let c = copy.firstChild;
  while (l && c) {
    const nextL: ChildNode | null = l.nextSibling;
    const nextC: ChildNode | null = c.nextSibling;
    if (l.nodeType === 1) {
      const verdict =
        options.excludeEditable && isEditableRegion(l as Element) ? 'hidden' : hiddenVerdict(l as Element);
      if (verdict === 'hidden') copy.removeChild(c);
      else {
        // Its hidden text is gone now; Readability would drop the whole element for an inline
        // visibility:hidden, taking descendants that opted back in with it.
        if (verdict === 'text-hidden') (c as HTMLElement).style?.removeProperty('visibility');
        cleanAttributes(c as Element, count);
        pruneChildren(l, c, verdict === 'text-hidden', count, options);
      }
    } else if (l.nodeType === 3) {
      if (textHidden) copy.removeChild(c);
      else if (c.nodeValue) c.nodeValue = stripInvisibleChars(c.nodeValue, count);
    } else {
      copy.removeChild(c);
    }
    l = nextL;
    c = nextC;
  }
}

function cleanAttributes(el: Element, count: InvisibleCharCount): void {
  if (!el.hasAttributes?.()) return;
  el.removeAttribute('title');
  for (const name of TEXT_ATTRIBUTES) {
    const value = el.getAttribute(name);
    if (value) el.setAttribute(name, stripInvisibleChars(value, count));
  }
}
