import { isRule } from './own-cursor-elements';

/**
 * Tells a fill which fields an earlier write may have hidden, disabled or turned sensitive, so only those
 * are checked again before their own write (each check after a write costs a style and layout pass).
 *
 * A write can change another field's state in two ways. The page reacts to the write's events by changing
 * the DOM (a class, a style attribute, `disabled`, a node added or removed): every such change is seen
 * synchronously through a MutationObserver's `takeRecords()`, and it may affect what lies under the changed
 * element's parent (its own subtree, and its siblings' through sibling selectors). Or a style rule reacts to
 * the written control's new state with no DOM change at all (`:checked ~ .x`, `:placeholder-shown`,
 * `:invalid`, `:focus` for the editors that take real focus, any `:has()`): when the page's style sheets hold such a rule that could hide or move
 * something, or cannot be read, every later field is checked again after every write.
 */
export interface VisibilityWatch {
  /** Call after each write: takes in what the page changed. */
  afterWrite(): void;
  /** Whether a write since the watch began may have changed `elements`' verdict. */
  mayHaveChanged(elements: Element[]): boolean;
  stop(): void;
}

export function watchVisibility(elements: Element[]): VisibilityWatch {
  const roots = new Set<Node>();
  for (const el of elements) roots.add(el.getRootNode());
  const everything = [...roots].some((root) => hasStatefulRules(root as Document | ShadowRoot));
  const changedUnder: Element[] = [];
  const observers = [...roots].map((root) => {
    const view = (root as Document).defaultView ?? (root as ShadowRoot).ownerDocument?.defaultView ?? window;
    const observer = new view.MutationObserver(() => undefined);
    observer.observe(root, { attributes: true, childList: true, subtree: true, characterData: true });
    return observer;
  });
  let dirtyAll = false;
  return {
    afterWrite() {
      if (everything) dirtyAll = true;
      for (const observer of observers)
        for (const record of observer.takeRecords()) {
          const target = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement;
          if (!target || touchesStyleSheets(record)) {
            dirtyAll = true;
            continue;
          }
          changedUnder.push(composedParent(target) ?? target);
        }
    },
    mayHaveChanged(els) {
      if (dirtyAll) return true;
      return els.some((el) => changedUnder.some((scope) => isComposedInside(scope, el)));
    },
    stop() {
      for (const observer of observers) observer.disconnect();
    },
  };
}

/** A style or link element came or went, or changed: any element's style may have changed. */
function touchesStyleSheets(record: MutationRecord): boolean {
  const isSheet = (n: Node) => n.nodeName === 'STYLE' || n.nodeName === 'LINK';
  if (isSheet(record.target) || (record.target.parentNode && isSheet(record.target.parentNode))) return true;
  return [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)].some(
    (n) => isSheet(n) || (n.nodeType === 1 && (n as Element).querySelector('style, link') !== null),
  );
}

const composedParent = (el: Element): Element | null =>
  el.parentElement ?? (el.parentNode && 'host' in el.parentNode ? (el.parentNode as ShadowRoot).host : null);

function isComposedInside(outer: Element, inner: Element): boolean {
  for (let p: Element | null = inner; p; p = composedParent(p)) if (p === outer) return true;
  return false;
}

/** Pseudo-classes that follow a control's value or state without any change to the DOM. */
const STATEFUL =
  /:(checked|indeterminate|default|placeholder-shown|valid|invalid|user-valid|user-invalid|in-range|out-of-range|blank|autofill|-webkit-autofill|focus|focus-within|focus-visible|has)\b/i;
/** Properties that only paint: a rule setting only these cannot hide a field or move it. */
const PAINT_ONLY =
  /^(color|background(-.*)?|border(-.*)?-(color|style)|outline(-.*)?|box-shadow|text-shadow|text-decoration(-.*)?|caret-color|accent-color|cursor|font-style|font-weight|transition(-.*)?)$/;

/** Whether a rule of the root's sheets could hide or move something when a control's state changes. */
function hasStatefulRules(root: Document | ShadowRoot): boolean {
  try {
    const sheets = [...Array.from(root.styleSheets), ...(root.adoptedStyleSheets ?? [])];
    return sheets.some((sheet) => anyStateful(sheet.cssRules));
  } catch (error) {
    void error; // a cross-origin sheet cannot be read: assume the worst
    return true;
  }
}

function anyStateful(rules: CSSRuleList): boolean {
  for (const rule of Array.from(rules)) {
    if (isRule<CSSStyleRule>(rule, 'CSSStyleRule')) {
      if (STATEFUL.test(rule.selectorText) && !paintsOnly(rule.style)) return true;
      // A nested rule's selector is relative to its parent's, which may carry the state.
      if (rule.cssRules.length && (STATEFUL.test(rule.selectorText) || anyStateful(rule.cssRules))) return true;
    } else if (isRule<CSSImportRule>(rule, 'CSSImportRule')) {
      if (rule.styleSheet && anyStateful(rule.styleSheet.cssRules)) return true;
    } else if ('cssRules' in rule && anyStateful((rule as CSSGroupingRule).cssRules)) return true;
  }
  return false;
}

function paintsOnly(style: CSSStyleDeclaration): boolean {
  for (let i = 0; i < style.length; i++) if (!PAINT_ONLY.test(style[i] ?? '')) return false;
  return true;
}
