/** The centre of an element's box, in its window's coordinates. */
function centre(el: Element): { clientX: number; clientY: number } {
  const r = el.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

function fire(el: Element, type: string, pointer: boolean, extra: MouseEventInit = {}): boolean {
  const view = el.ownerDocument.defaultView ?? window;
  const bubbles = !type.endsWith('enter') && !type.endsWith('leave');
  const init = { bubbles, cancelable: bubbles, composed: true, view, ...centre(el), ...extra };
  return el.dispatchEvent(pointer ? new view.PointerEvent(type, { pointerId: 1, pointerType: 'mouse', isPrimary: true, ...init }) : new view.MouseEvent(type, init));
}

/** The pointer coming over `el`, as when a person moves the mouse onto it (menus that open on hover listen to these). */
export function hoverElement(el: Element, previous?: Element): void {
  if (previous?.isConnected && previous !== el) {
    fire(previous, 'pointerout', true);
    fire(previous, 'pointerleave', true);
    fire(previous, 'mouseout', false);
    fire(previous, 'mouseleave', false);
  }
  fire(el, 'pointerover', true);
  fire(el, 'pointerenter', true);
  fire(el, 'mouseover', false);
  fire(el, 'mouseenter', false);
  fire(el, 'pointermove', true);
  fire(el, 'mousemove', false);
}

/**
 * A person's click: pointer and mouse down and up on the element, then the click itself (el.click(), which
 * also does what the browser does for links, checkboxes and submit buttons). Widgets that act on
 * mousedown (many menus and comboboxes) hear it.
 */
export function pointerClick(el: HTMLElement): void {
  fire(el, 'pointerdown', true, { button: 0, buttons: 1 });
  const down = fire(el, 'mousedown', false, { button: 0, buttons: 1 });
  // A cancelled mousedown keeps the focus where it is (a menu keeping its input focused).
  if (down && el.isConnected) el.focus({ preventScroll: true });
  fire(el, 'pointerup', true, { button: 0 });
  fire(el, 'mouseup', false, { button: 0 });
  if (el.isConnected) el.click();
}
