import { passMemo } from './pass-memo';

const RENDERED = { opacityProperty: true, visibilityProperty: true } as const;

/**
 * Layout facts of one element, read once per pass (pass-memo.ts): a snapshot asks for the same element's box
 * and rendering from several checks (its own verdict, its box test, whether it is in view), and each read costs
 * a trip into the layout engine. What is kept: `checkVisibility` (opacity and visibility included) and
 * `getBoundingClientRect`, by element. What invalidates it: the end of the pass. A pass never changes the page,
 * and nothing is kept between passes, so a snapshot taken after a fill reads the page as the fill left it.
 * Outside a pass these read the element each time.
 */
export function isRendered(el: Element): boolean {
  const memo = passMemo<boolean>('rendered');
  let rendered = memo?.get(el);
  if (rendered === undefined) {
    rendered = el.checkVisibility(RENDERED);
    memo?.set(el, rendered);
  }
  return rendered;
}

/** The element's border box (`getBoundingClientRect`), once per pass; see isRendered. */
export function boxOf(el: Element): DOMRect {
  const memo = passMemo<DOMRect>('box');
  let box = memo?.get(el);
  if (box === undefined) {
    box = el.getBoundingClientRect();
    memo?.set(el, box);
  }
  return box;
}

/** A window's scroll offsets and viewport size. */
export interface Viewport {
  scrollX: number;
  scrollY: number;
  width: number;
  height: number;
}

/**
 * The viewport of the window showing `doc`, once per pass (see isRendered): `scrollX` and the others each ask
 * the layout engine for a clean layout, and a snapshot asked for them on every element it judged.
 */
export function viewportOf(view: Window): Viewport {
  const memo = passMemo<Viewport>('viewport');
  const key = view.document as unknown as Element;
  let viewport = memo?.get(key);
  if (viewport === undefined) {
    viewport = { scrollX: view.scrollX, scrollY: view.scrollY, width: view.innerWidth, height: view.innerHeight };
    memo?.set(key, viewport);
  }
  return viewport;
}
