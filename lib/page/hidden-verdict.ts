import { boxOf, isRendered, viewportOf } from './layout-memo';
import { passMemo } from './pass-memo';

/**
 * How a person would see one element on the live page.
 * `hidden`: nothing inside is visible. `text-hidden`: its own text is invisible (visibility:hidden, a font
 * under 1px, transparent ink, text indented out of view), but descendants may opt back in, as CSS allows.
 */
export type HiddenVerdict = 'visible' | 'hidden' | 'text-hidden';

/** Tags whose contents a person never sees as text. */
const NEVER_SHOWN = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE']);
/** Further than this past its containing block's edge, a positioned box is a hiding place, not layout. */
const FAR_PX = 5000;

/**
 * Judges `el`; call it top-down and skip the subtree of anything `hidden`. Cheap checks first (one native
 * checkVisibility, one box); computed style is read once, for what only style can tell (clipping, a
 * collapsed transform, a box positioned far outside, invisible ink).
 */
export function hiddenVerdict(el: Element): HiddenVerdict {
  // In a pass (pass-memo.ts) each element is judged once: labels, ancestors and fields are asked about repeatedly.
  const memo = passMemo<HiddenVerdict>('verdict');
  let verdict = memo?.get(el);
  if (verdict === undefined) {
    verdict = judge(el);
    memo?.set(el, verdict);
  }
  return verdict;
}

function judge(el: Element): HiddenVerdict {
  if (NEVER_SHOWN.has(el.tagName)) return 'hidden';
  if (el.getAttribute('aria-hidden') === 'true') return 'hidden';
  const view = el.ownerDocument.defaultView;
  if (!view) return 'visible';
  if (!isRendered(el)) return styleVerdict(view.getComputedStyle(el));
  const box = boxOf(el);
  const port = viewportOf(view);
  // Entirely left of or above the document's origin: where "left:-9999px" puts things.
  if ((box.width > 0 || box.height > 0) && (box.right + port.scrollX <= 0 || box.bottom + port.scrollY <= 0))
    return 'hidden';
  const style = view.getComputedStyle(el);
  // Each property read costs on a 1 MB page, so the rare cases are gated on the cheap ones.
  if ((box.width <= 1 || box.height <= 1) && isOverflowClipped(style, box)) return 'hidden';
  const position = style.position;
  if (
    (position === 'absolute' || position === 'fixed') &&
    (isEmptyClipRect(style.clip) || isPositionedAway(el, position, box, view))
  )
    return 'hidden';
  if (isEmptyClipPath(style.clipPath) || isCollapsed(style)) return 'hidden';
  if (hasOwnText(el) && isInkInvisible(style, box)) return 'text-hidden';
  return 'visible';
}

/** checkVisibility said no; tell apart the cases where descendants may still show. */
function styleVerdict(style: CSSStyleDeclaration): HiddenVerdict {
  if (style.display === 'none' || style.contentVisibility === 'hidden' || style.opacity === '0') return 'hidden';
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return 'text-hidden';
  // display:contents has no box of its own, so checkVisibility reports it hidden although its children show.
  return 'visible';
}

/** A box of (almost) no width or height that hides its overflow: nothing inside shows. */
function isOverflowClipped(style: CSSStyleDeclaration, box: DOMRect): boolean {
  if (style.display === 'inline') return false;
  return (box.width <= 1 && style.overflowX !== 'visible') || (box.height <= 1 && style.overflowY !== 'visible');
}

function isEmptyClipRect(clip: string): boolean {
  const m = /^rect\(([^)]*)\)$/.exec(clip);
  if (!m) return false;
  const [top, right, bottom, left] = m[1]!.split(/[\s,]+/).map((v) => parseFloat(v));
  if ([top, right, bottom, left].some((v) => v === undefined || Number.isNaN(v))) return false;
  return bottom! <= top! || right! <= left!;
}

function isEmptyClipPath(path: string): boolean {
  if (path === 'none' || !path) return false;
  const inset = /^inset\(([\d.]+)%/.exec(path);
  if (inset && parseFloat(inset[1]!) >= 50) return true;
  return /^(circle\(0(px|%)?[\s)]|ellipse\(0(px|%)? 0(px|%)?[\s)]|polygon\((0(px|%)? 0(px|%)?,?\s*)+\))/.test(path);
}

/** Scaled to nothing: transform: scale(0) (or any singular matrix), or scale: 0. */
function isCollapsed(style: CSSStyleDeclaration): boolean {
  const scale = style.scale;
  if (scale && scale !== 'none' && scale.split(/\s+/).some((v) => parseFloat(v) === 0)) return true;
  const t = style.transform;
  if (!t || t === 'none') return false;
  const values = (/\(([^)]*)\)/.exec(t)?.[1] ?? '').split(',').map((v) => parseFloat(v));
  const [a, b, c, d] = t.startsWith('matrix3d') ? [values[0], values[1], values[4], values[5]] : values;
  if ([a, b, c, d].some((v) => v === undefined || Number.isNaN(v))) return false;
  return Math.abs(a! * d! - b! * c!) < 1e-6;
}

/** Fixed out of the viewport, or absolutely positioned far outside its containing block (off any edge). */
function isPositionedAway(el: Element, position: 'absolute' | 'fixed', box: DOMRect, view: Window): boolean {
  if (position === 'fixed') {
    const port = viewportOf(view);
    return box.right <= 0 || box.bottom <= 0 || box.left >= port.width + FAR_PX || box.top >= port.height + FAR_PX;
  }
  const container = (
    (el as HTMLElement).offsetParent ??
    el.ownerDocument.body ??
    el.ownerDocument.documentElement
  ).getBoundingClientRect();
  return (
    box.left >= container.right + FAR_PX ||
    box.top >= container.bottom + FAR_PX ||
    box.right <= container.left - FAR_PX ||
    box.bottom <= container.top - FAR_PX
  );
}

function hasOwnText(el: Element): boolean {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 && /\S/.test(n.nodeValue ?? '')) return true;
  return false;
}

/** The element's own text cannot be seen: a font under 1px, transparent ink, or indented out of its box. */
function isInkInvisible(style: CSSStyleDeclaration, box: DOMRect): boolean {
  if (parseFloat(style.fontSize) < 1) return true;
  const indent = style.textIndent;
  if (indent !== '0px') {
    const px = Math.abs(parseFloat(indent) || 0);
    if (px > 100 && px >= box.width) return true;
  }
  if (!isTransparent(style.color) && !isTransparent(style.getPropertyValue('-webkit-text-fill-color'))) return false;
  // Gradient text paints its glyphs with the background instead of the (transparent) ink.
  return !/text/.test(style.backgroundClip || style.getPropertyValue('-webkit-background-clip'));
}

function isTransparent(color: string): boolean {
  if (color === 'transparent') return true;
  if (color.startsWith('rgb(') && !color.includes('/')) return false; // the common case: opaque
  const m = /^rgba?\(([^)]*)\)$/.exec(color);
  if (!m) return false;
  // rgb(r, g, b) has no alpha; rgba(r, g, b, a) and rgb(r g b / a) put it fourth.
  const alpha = m[1]!.split(/[\s,/]+/).filter(Boolean)[3];
  return alpha !== undefined && parseFloat(alpha) === 0;
}
