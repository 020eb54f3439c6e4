/** Where an element was found: the document or shadow root it lives in, and the iframe around that. */
export interface FoundIn {
  frame?: HTMLIFrameElement;
  /** The document or shadow root the element is in (what `el.getRootNode()` answers). */
  root?: Document | ShadowRoot;
}

/**
 * Visits every element of `doc` in document order, descending into open shadow roots (where the host's
 * content renders) and same-origin iframes. Cross-origin frames are unreachable by design: their
 * contentDocument is null, and their own content script answers for them.
 */
export function walkFormRoots(doc: Document, visit: (el: Element, where: FoundIn) => void): void {
  walkRoot(doc, {}, visit, 0);
}

/** Guards against pathological nesting (and a frame showing its own parent). */
const MAX_DEPTH = 8;

function walkRoot(
  root: Document | ShadowRoot,
  where: FoundIn,
  visit: (el: Element, where: FoundIn) => void,
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  const here: FoundIn = { ...where, root };
  const all = root.querySelectorAll('*');
  // An indexed loop: iterating a NodeList with for-of costs several times as much on a 5,000-element page.
  for (let i = 0, n = all.length; i < n; i++) {
    const el = all[i] as Element;
    visit(el, here);
    if (el.shadowRoot) walkRoot(el.shadowRoot, where, visit, depth + 1);
    if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {
      const inner = (el as HTMLIFrameElement).contentDocument;
      // A hidden iframe hides everything in it, whatever the styles inside say.
      if (inner && el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        walkRoot(inner, { frame: el as HTMLIFrameElement }, visit, depth + 1);
    }
  }
}
