/**
 * Elements of a document that could have a cursor of their own by its style sheets: every element a rule
 * declaring `cursor` (or `all`) could match (`mayOwnCursor` adds inline styles and the browser's own rules
 * for links, form controls and replaced elements). Any other
 * element inherits its parent's cursor, so a snapshot need not read its computed style to know it. The
 * selectors are taken as written, ignoring the `@media`, `@supports` and `@container` conditions around them:
 * the set can only be larger than the truth, never smaller. Undefined when the sheets cannot all be read (a
 * cross-origin sheet, a nested rule, an animated cursor): then every element's style is read, as before.
 */
export function ownCursorElements(doc: Document): Set<Element> | undefined {
  const selectors: string[] = [];
  try {
    for (const sheet of [...Array.from(doc.styleSheets), ...(doc.adoptedStyleSheets ?? [])])
      if (!collect(sheet.cssRules, selectors)) return undefined;
  } catch (error) {
    void error; // a cross-origin sheet: its rules cannot be read, so nothing can be ruled out
    return undefined;
  }
  if (!selectors.length) return new Set();
  try {
    return new Set(doc.querySelectorAll(selectors.join(',')));
  } catch (error) {
    void error; // a selector the sheet accepted but querySelectorAll does not: read every element's style
    return undefined;
  }
}

/** Tags the browser's style sheet (or their nature) may give a cursor other than their parent's. */
const UA_OWN_CURSOR = new Set(
  'A AREA INPUT TEXTAREA SELECT BUTTON OPTION OPTGROUP SUMMARY LABEL DIALOG IMG VIDEO AUDIO IFRAME FRAME EMBED OBJECT CANVAS'.split(
    ' ',
  ),
);

/**
 * Whether `el` may have a cursor of its own: the author rules in `byRules` (from ownCursorElements), the
 * browser's (by tag, for SVG and MathML by namespace), an inline style or contenteditable.
 */
export function mayOwnCursor(el: Element, byRules: Set<Element>, hasAttributes = true): boolean {
  if (byRules.has(el) || UA_OWN_CURSOR.has(el.tagName) || el.namespaceURI !== HTML_NS) return true;
  // `hasAttributes` false: the caller knows the element has neither attribute read below.
  if (!hasAttributes) return false;
  if (el.hasAttribute('contenteditable')) return true;
  const style = el.getAttribute('style');
  return style !== null && /cursor|all/i.test(style);
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Adds the selectors of rules that set a cursor; false when a rule's reach cannot be told by its selector. */
function collect(rules: CSSRuleList, selectors: string[]): boolean {
  for (const rule of Array.from(rules)) {
    if (isRule<CSSStyleRule>(rule, 'CSSStyleRule')) {
      if (setsCursor(rule.style)) {
        // A nested rule's selector is relative to its parent's (`&:hover`): not one querySelectorAll can take.
        if (isRule(rule.parentRule, 'CSSStyleRule')) return false;
        selectors.push(rule.selectorText);
      }
      if (rule.cssRules.length && !collect(rule.cssRules, selectors)) return false;
    } else if (isRule<CSSStyleRule>(rule, 'CSSNestedDeclarations')) {
      // Declarations after a nested rule (`.x { &:hover {…} cursor: pointer }`) belong to the parent's selector.
      if (setsCursor(rule.style)) return false;
    } else if (isRule<CSSImportRule>(rule, 'CSSImportRule')) {
      if (rule.styleSheet && !collect(rule.styleSheet.cssRules, selectors)) return false;
    } else if (isRule<CSSKeyframesRule>(rule, 'CSSKeyframesRule')) {
      if (Array.from(rule.cssRules).some((frame) => setsCursor((frame as CSSKeyframeRule).style))) return false;
    } else if ('cssRules' in rule && !collect((rule as CSSGroupingRule).cssRules, selectors)) return false;
  }
  return true;
}

const setsCursor = (style: CSSStyleDeclaration) =>
  style.getPropertyValue('cursor') !== '' || style.getPropertyValue('all') !== '';

/**
 * A rule's kind by its class name: a frame's rules are instances of the frame window's classes, which
 * `instanceof` against this window's would miss.
 */
export function isRule<T extends CSSRule>(rule: CSSRule | null, name: string): rule is T {
  return rule !== null && rule.constructor.name === name;
}
