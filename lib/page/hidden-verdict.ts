/**
 * How a person would see one element on the live page.
 * `hidden`: nothing inside is visible. `text-hidden`: its own text is invisible (visibility:hidden),
 * but descendants may opt back in with visibility:visible, as CSS allows.
 */
export type HiddenVerdict = 'visible' | 'hidden' | 'text-hidden';

/** Tags whose contents a person never sees as text. */
const NEVER_SHOWN = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE']);
const CHECK = { opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: false };

/**
 * Judges `el`; call it top-down and skip the subtree of anything `hidden`. The common case costs one native
 * checkVisibility and one box: computed style is read only for the rare elements those flag, which is
 * what keeps a 1 MB page inside its time budget.
 */
export function hiddenVerdict(el: Element): HiddenVerdict {
  if (NEVER_SHOWN.has(el.tagName)) return 'hidden';
  if (el.getAttribute('aria-hidden') === 'true') return 'hidden';
  const view = el.ownerDocument.defaultView;
  if (!view) return 'visible';
  if (!el.checkVisibility(CHECK)) return styleVerdict(view.getComputedStyle(el));
  const box = el.getBoundingClientRect();
  // Entirely left of or above the document's origin: where "left:-9999px" puts things.
  if ((box.width > 0 || box.height > 0) && (box.right + view.scrollX <= 0 || box.bottom + view.scrollY <= 0)) return 'hidden';
  if (box.width <= 1 || box.height <= 1) {
    const style = view.getComputedStyle(el);
    const clipped = style.overflow !== 'visible' || style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    if (clipped && style.display !== 'inline') return 'hidden';
  }
  return 'visible';
}

/** checkVisibility said no; tell apart the cases where descendants may still show. */
function styleVerdict(style: CSSStyleDeclaration): HiddenVerdict {
  if (style.display === 'none' || style.contentVisibility === 'hidden' || style.opacity === '0') return 'hidden';
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return 'text-hidden';
  // display:contents has no box of its own, so checkVisibility reports it hidden although its children show.
  return 'visible';
}
