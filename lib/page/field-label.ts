import { hiddenVerdict } from './hidden-verdict';

/** A field's label and where it came from (nearby text is a guess, the others are the page's own words). */
export interface FieldLabel {
  text: string;
  source: 'aria-labelledby' | 'aria-label' | 'label' | 'placeholder' | 'title' | 'nearby' | 'none';
}

const MAX_LABEL = 120;
/** Elements that break the line a person reads (by tag: computing styles here would cost a layout per name). */
const BREAKS = /^(BR|HR|P|DIV|LI|DT|DD|TR|TD|TH|H[1-6]|SECTION|ARTICLE|HEADER|FOOTER|BLOCKQUOTE|PRE|TABLE|UL|OL|DL)$/;

/** Labels a control the way assistive technology would: aria-labelledby, aria-label, <label>, placeholder, title, then nearby text. */
export function fieldLabel(el: Element): FieldLabel {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const root = el.getRootNode() as Document | ShadowRoot;
    const text = labelledBy
      .split(/\s+/)
      .map((id) => textOf(root.getElementById(id)))
      .filter(Boolean)
      .join(' ');
    if (text) return { text: clip(text), source: 'aria-labelledby' };
  }
  const aria = el.getAttribute('aria-label')?.trim();
  if (aria) return { text: clip(aria), source: 'aria-label' };
  const labels = (el as HTMLInputElement).labels;
  if (labels?.length) {
    const text = Array.from(labels).map(textOf).filter(Boolean).join(' ');
    if (text) return { text: clip(text), source: 'label' };
  }
  const placeholder = el.getAttribute('placeholder')?.trim();
  if (placeholder) return { text: clip(placeholder), source: 'placeholder' };
  const title = el.getAttribute('title')?.trim();
  if (title) return { text: clip(title), source: 'title' };
  const nearby = nearbyText(el);
  return nearby ? { text: clip(nearby), source: 'nearby' } : { text: '', source: 'none' };
}

/**
 * The text a person sees in an element, leaving out the controls inside it (a wrapping label holds its
 * input) and whatever is hidden (a label can carry text no one sees).
 */
export function textOf(el: Element | null): string {
  if (!el) return '';
  let text = '';
  const walk = (node: Node, textHidden: boolean) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        if (!textHidden) text += c.nodeValue;
      } else if (
        c.nodeType === 1 &&
        !/^(INPUT|SELECT|TEXTAREA|BUTTON|SCRIPT|STYLE|TEMPLATE)$/.test((c as Element).tagName)
      ) {
        const verdict = hiddenVerdict(c as Element);
        // A line break or a block ends a word: "<strong>Winter tyres</strong><br>An article" is two phrases.
        const breaks = BREAKS.test((c as Element).tagName);
        if (breaks) text += ' ';
        if (verdict !== 'hidden') walk(c, verdict === 'text-hidden');
        if (breaks) text += ' ';
      }
    }
  };
  const own = el.isConnected ? hiddenVerdict(el) : 'visible';
  if (own !== 'hidden') walk(el, own === 'text-hidden');
  return text.replace(/\s+/g, ' ').trim();
}

const CONTROLS = 'input, select, textarea, button, [contenteditable]';

/**
 * The text just before the control: a previous sibling, or its parent's own text. When the control sits
 * alone in a wrapper with no text (a cell of a two-column layout: a label div, then a div holding the
 * input), the wrapper's previous sibling is the label a person reads, if it holds no control of its own.
 */
function nearbyText(el: Element): string {
  let at = el;
  for (let depth = 0; depth < 3; depth++) {
    for (let node: Node | null = at.previousSibling; node; node = node.previousSibling) {
      if (depth > 0 && node.nodeType === 1 && (node as Element).querySelector(CONTROLS)) return '';
      const text =
        node.nodeType === 3 ? (node.nodeValue ?? '').trim() : node.nodeType === 1 ? textOf(node as Element) : '';
      if (text) return text;
    }
    const parent = at.parentElement;
    if (!parent || parent.tagName === 'FORM' || parent.tagName === 'BODY') return '';
    const own = textOf(parent);
    if (own || parent.querySelectorAll(CONTROLS).length > 1) return own;
    at = parent;
  }
  return '';
}

function clip(text: string): string {
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}
