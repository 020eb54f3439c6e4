/**
 * Short refs for elements ("e12", "r3"), one per element for the life of the document, so the same
 * element keeps its ref from one snapshot to the next. Held weakly: a removed element frees its entry.
 */
export class RefBook {
  readonly #refs = new WeakMap<Element, string>();
  /** One counter per prefix, so element refs run e1, e2, ... in document order whatever regions are found. */
  readonly #next = new Map<string, number>();

  /** The element's ref, minting one with `prefix`; `taken` says which refs another namespace already uses. */
  refOf(el: Element, prefix: string, taken: (ref: string) => boolean): string {
    const known = this.#refs.get(el);
    if (known) return known;
    const mint = () => {
      const n = this.#next.get(prefix) ?? 1;
      this.#next.set(prefix, n + 1);
      return `${prefix}${n}`;
    };
    let ref = mint();
    while (taken(ref)) ref = mint();
    this.#refs.set(el, ref);
    return ref;
  }
}
