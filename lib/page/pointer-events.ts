/** The centre of an element's box, in its window's coordinates. */
function centre(el: Element): { clientX: number; clientY: number } {
  const r = el.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

function fire(el: Element, type: string, pointer: boolean, extra: MouseEventInit = {}): boolean {
  const view = el.ownerDocument.defaultView ?? window;
  const bubbles = !type.endsWith('enter') && !type.endsWith('leave');
  const init = { bubbles, cancelable: bubbles, composed: true, view, ...centre(el), ...extra };
  return el.dispatchEvent(
    pointer
      ? new view.PointerEvent(type, { pointerId: 1, pointerType: 'mouse', isPrimary: true, ...init })
      : new view.MouseEvent(type, init),
  );
}

/** `el` and the elements around it, innermost first, across shadow roots (the boxes a pointer over it is inside). */
function boxesAround(el: Element): Element[] {
  const out: Element[] = [];
  for (
    let at: Element | null = el;
    at;
    at =
      at.parentElement ??
      (at.parentNode instanceof (at.ownerDocument.defaultView ?? window).ShadowRoot ? at.parentNode.host : null)
  )
    out.push(at);
  return out;
}

/** Where the simulated pointer is in each document: the element the last hover or click moved it onto. */
const pointerAt = new WeakMap<Document, Element>();

/**
 * The pointer coming over `el` from wherever it was, as when a person moves the mouse onto it (menus that
 * open on hover listen to these). As in a browser, enter and leave do not bubble but fire on every box the
 * pointer enters or leaves, and only on those: a menu that opens on mouseenter of a wrapper around its trigger
 * hears it too, and hears mouseleave once the pointer goes elsewhere (by a hover or a click).
 */
export function hoverElement(el: Element): void {
  const previous = pointerAt.get(el.ownerDocument);
  pointerAt.set(el.ownerDocument, el);
  const from = previous?.isConnected && previous !== el ? previous : undefined;
  const fromBoxes = from ? boxesAround(from) : [];
  const toBoxes = boxesAround(el);
  if (from) {
    const left = fromBoxes.filter((b) => !toBoxes.includes(b));
    fire(from, 'pointerout', true);
    for (const b of left) fire(b, 'pointerleave', true);
    fire(from, 'mouseout', false);
    for (const b of left) fire(b, 'mouseleave', false);
  }
  // Entered boxes, outermost first, as the pointer crosses into them.
  const entered = toBoxes.filter((b) => !fromBoxes.includes(b)).reverse();
  fire(el, 'pointerover', true);
  for (const b of entered) fire(b, 'pointerenter', true);
  fire(el, 'mouseover', false);
  for (const b of entered) fire(b, 'mouseenter', false);
  fire(el, 'pointermove', true);
  fire(el, 'mousemove', false);
}

/**
 * A person's click: the pointer moves onto the element, pointer and mouse down and up on it, then the click
 * itself (el.click(), which also does what the browser does for links, checkboxes and submit buttons).
 * Widgets that act on mousedown (many menus and comboboxes) hear it, and so do those that ignore a release
 * the pointer never moved to (Radix Select drops a pointerup that did not move away from its trigger).
 */
export function pointerClick(el: HTMLElement): void {
  hoverElement(el);
  fire(el, 'pointerdown', true, { button: 0, buttons: 1 });
  const down = fire(el, 'mousedown', false, { button: 0, buttons: 1 });
  // A cancelled mousedown keeps the focus where it is (a menu keeping its input focused).
  if (down && el.isConnected) el.focus({ preventScroll: true });
  fire(el, 'pointerup', true, { button: 0 });
  fire(el, 'mouseup', false, { button: 0 });
  if (el.isConnected) el.click();
}
