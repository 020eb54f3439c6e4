/** The centre of an element's box, in its window's coordinates. */
function centre(el: Element): { clientX: number; clientY: number } {
  const r = el.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

/**
 * Where a person's pointer lands on `el`: the centre of the part of it inside the window, or of its own row when
 * it holds nested items of its own kind (a tree item whose open group fills its box), and the topmost element
 * there, if that is inside `el` (a link inside a tab, an icon inside a button). Anything else on top (an
 * overlay) is never clicked instead: the click then goes to `el` itself.
 */
export function pointerTarget(el: Element): Element {
  const doc = el.ownerDocument;
  const view = doc.defaultView;
  if (!view) return el;
  const box = ownBox(el);
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, view.innerWidth);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, view.innerHeight);
  if (right <= left || bottom <= top) return el;
  let hit = topmostAt(doc, (left + right) / 2, (top + bottom) / 2);
  // A wide row whose centre is empty space: a person aims at its words (a tree item's name, a list entry).
  if (hit === el && el.children.length) {
    const text = firstTextBox(el);
    const inside =
      text && text.left >= 0 && text.top >= 0 && text.right <= view.innerWidth && text.bottom <= view.innerHeight;
    if (inside) hit = topmostAt(doc, text.left + text.width / 2, text.top + text.height / 2);
  }
  return hit && hit !== el && containsComposed(el, hit) ? hit : el;
}

/** The topmost element at a point, into open shadow roots as the pointer goes. */
function topmostAt(doc: Document, x: number, y: number): Element | null {
  let hit: Element | null = doc.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The box a person aims at: the element's, or its first line's when it holds nested items of its own role. */
function ownBox(el: Element): DOMRect {
  const role = el.getAttribute('role');
  if (role && el.querySelector(`[role="${role}"], [role="group"]`))
    return firstTextBox(el) ?? el.getBoundingClientRect();
  return el.getBoundingClientRect();
}

/** The box of the element's first visible words, outside any nested group or item of its own role. */
function firstTextBox(el: Element): DOMRect | undefined {
  const role = el.getAttribute('role');
  const nested = role ? `[role="group"], [role="${role}"]` : '[role="group"]';
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const group = n.parentElement?.closest(nested);
    if (!n.nodeValue?.trim() || (group && group !== el && el.contains(group))) continue;
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width && r.height) return r;
  }
  return undefined;
}

function containsComposed(outer: Element, inner: Element): boolean {
  for (let at: Node | null = inner; at;) {
    if (at === outer) return true;
    at = at.parentNode;
    if (at?.nodeType === 11) at = (at as ShadowRoot).host ?? null;
  }
  return false;
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
  // The events go where the pointer lands (a tab's inner link hears them, and bubbles them to the tab).
  const at = pointerTarget(el);
  hoverElement(at);
  fire(at, 'pointerdown', true, { button: 0, buttons: 1 });
  const down = fire(at, 'mousedown', false, { button: 0, buttons: 1 });
  // A cancelled mousedown keeps the focus where it is (a menu keeping its input focused).
  if (down && el.isConnected) focusFrom(at, el);
  fire(at, 'pointerup', true, { button: 0 });
  fire(at, 'mouseup', false, { button: 0 });
  if (!at.isConnected) return;
  if (at instanceof (at.ownerDocument.defaultView ?? window).HTMLElement) at.click();
  else fire(at, 'click', false, { button: 0, detail: 1 });
}

/** What a press focuses: the nearest focusable box from where the pointer landed up to `el`, else `el`. */
function focusFrom(at: Element, el: HTMLElement): void {
  for (let n: Element | null = at; n && n !== el.parentElement; n = n.parentElement)
    if (n === el || (n as HTMLElement).tabIndex >= 0) {
      (n as HTMLElement).focus?.({ preventScroll: true });
      return;
    }
  el.focus({ preventScroll: true });
}
