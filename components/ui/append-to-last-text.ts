/**
 * Appends plain text where the rendered content visually ends: right after the last non-blank text node (so
 * it lands inside the last paragraph or code block, not after it). It goes in as a new text node: growing
 * one node would make the browser re-shape all of its text on every append. Returns false when there is no
 * such node, and the caller renders in full instead. Text only: nothing here can create markup. It never
 * appends inside a link, where the text would read as part of the link (and before the host it shows).
 */
export function appendToLastText(root: Node, text: string): boolean {
  let node: Node = root;
  for (;;) {
    let child = node.lastChild;
    while (child && child.nodeType === Node.TEXT_NODE && !(child.textContent ?? '').trim())
      child = child.previousSibling;
    if (!child) return false;
    if (child.nodeType === Node.TEXT_NODE) {
      node.insertBefore(document.createTextNode(text), child.nextSibling);
      return true;
    }
    if (child.nodeType !== Node.ELEMENT_NODE || (child as Element).matches('a, button, br, img, hr, input'))
      return false;
    node = child;
  }
}

/** Text that Markdown renders exactly as it is written inside a paragraph: no markup, no line break. */
export const isPlainMarkdownText = (text: string): boolean => /^[\p{L}\p{N} ,;'"?]*$/u.test(text);
