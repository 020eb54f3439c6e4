/**
 * What the act part's mechanics take from the page agent's own modules (lib/page/act-part.ts explains why):
 * a file of its own so that the mechanics (choose-option.ts) and the part's interface (act-part.ts) both
 * import it without importing one another.
 */

/** What the part's mechanics take from the page agent's own modules (one copy of each in the frame). */
export interface ActKit {
  elementName(el: Element, role?: string): string;
  isUsableOption(option: Element): boolean;
  pointerClick(el: HTMLElement): void;
}
