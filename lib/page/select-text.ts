/** What selecting text came to: the text now selected, or why nothing was. */
export type TextSelectionOutcome = { ok: true; selected: string } | { ok: false; reason: string };

const MAX_SHOWN = 80;

/**
 * Selects `wanted` inside a text editor (a contenteditable host such as ProseMirror or Lexical, or a text
 * area) as a person would by dragging over it, so the editor's toolbar or keys then act on it. Editors
 * keep their own document and read the page's selection (selectionchange), so the DOM selection is what
 * is set. The text is matched exactly, across formatting (text nodes are read in order); text found more
 * than once, or not at all, is a failure with a reason: never a guess by position.
 */
export function selectText(el: HTMLElement, wanted: string): TextSelectionOutcome {
  if (!wanted) return { ok: false, reason: 'no text to select was given' };
  if (el.tagName === 'TEXTAREA' || el.tagName === 'INPUT') {
    const control = el as HTMLTextAreaElement;
    const at = uniqueIndex(control.value, wanted);
    if (typeof at === 'string') return { ok: false, reason: at };
    control.focus({ preventScroll: true });
    control.setSelectionRange(at, at + wanted.length);
    return { ok: true, selected: wanted };
  }
  const doc = el.ownerDocument;
  const nodes: Text[] = [];
  const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const text = nodes.map((n) => n.data).join('');
  const at = uniqueIndex(text, wanted);
  if (typeof at === 'string') return { ok: false, reason: at };
  const start = pointAt(nodes, at, false);
  const end = pointAt(nodes, at + wanted.length, true);
  if (!start || !end) return { ok: false, reason: 'the text could not be located in the editor' };
  el.focus({ preventScroll: true });
  const range = doc.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return { ok: true, selected: selection?.toString() || wanted };
}

/** Where `wanted` occurs in `text`, or why it cannot be chosen (absent, or there more than once). */
function uniqueIndex(text: string, wanted: string): number | string {
  const at = text.indexOf(wanted);
  const shown = JSON.stringify(wanted.length > MAX_SHOWN ? `${wanted.slice(0, MAX_SHOWN - 1)}…` : wanted);
  if (at < 0) return `the text ${shown} is not in the field (it is matched exactly, with its punctuation)`;
  if (text.indexOf(wanted, at + 1) >= 0)
    return `the text ${shown} occurs more than once; give a longer, unique passage`;
  return at;
}

/** The text node and offset of character `index` of the nodes' joined text (an end point stays in the node it ends). */
function pointAt(nodes: Text[], index: number, isEnd: boolean): { node: Text; offset: number } | undefined {
  let passed = 0;
  for (const node of nodes) {
    const len = node.data.length;
    if (isEnd ? index <= passed + len : index < passed + len) return { node, offset: index - passed };
    passed += len;
  }
  return undefined;
}
