/**
 * Short refs for elements ("e12", "r3"), one per element for the life of the document, so the same
 * element keeps its ref from one snapshot to the next. Held weakly: a removed element frees its entry.
 */
export class RefBook {
  readonly #refs = new WeakMap<Element, string>();
  #next = 1;

  /** The element's ref, minting one with `prefix`; `taken` says which refs another namespace already uses. */
  refOf(el: Element, prefix: string, taken: (ref: string) => boolean): string {
    const known = this.#refs.get(el);
    if (known) return known;
    let ref = `${prefix}${this.#next++}`;
    while (taken(ref)) ref = `${prefix}${this.#next++}`;
    this.#refs.set(el, ref);
    return ref;
  }
}
