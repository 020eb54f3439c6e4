import { hiddenVerdict } from './hidden-verdict';

/**
 * Removes from `copy` (an exact clone of `live`) every node a person cannot see on the live page:
 * hidden elements, text under visibility:hidden, comments. The clone has no computed style, so the
 * verdicts come from the live tree, walked in lockstep with the clone.
 */
export function pruneInvisible(live: Element, copy: Element): void {
  pruneChildren(live, copy, hiddenVerdict(live) === 'text-hidden');
}

function pruneChildren(live: Node, copy: Node, textHidden: boolean): void {
  let l = live.firstChild;
  let c = copy.firstChild;
  while (l && c) {
    const nextL: ChildNode | null = l.nextSibling;
    const nextC: ChildNode | null = c.nextSibling;
    if (l.nodeType === 1) {
      const verdict = hiddenVerdict(l as Element);
      if (verdict === 'hidden') copy.removeChild(c);
      else {
        // Its hidden text is gone now; Readability would drop the whole element for an inline
        // visibility:hidden, taking descendants that opted back in with it.
        if (verdict === 'text-hidden') (c as HTMLElement).style?.removeProperty('visibility');
        pruneChildren(l, c, verdict === 'text-hidden');
      }
    } else if (l.nodeType === 3) {
      if (textHidden) copy.removeChild(c);
    } else {
      copy.removeChild(c);
    }
    l = nextL;
    c = nextC;
  }
}
