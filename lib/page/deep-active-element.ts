/** The focused element, looking into open shadow roots and same-origin frames (where focus really is). */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (let i = 0; i < 16 && active; i++) {
    const inner: Element | null | undefined =
      active.shadowRoot?.activeElement ??
      (active.tagName === 'IFRAME' ? (active as HTMLIFrameElement).contentDocument?.activeElement : undefined);
    if (!inner || inner === active) break;
    active = inner;
  }
  return active;
}
