/**
 * The composer's message box: a plain-text editable element in which each @-mentioned tab is a pill at its place
 * in the sentence. The element is the draft: it is read into pieces when sent, and only the functions here
 * write into it. A pill's title is page text: it goes in as text (textContent, attributes), never as markup.
 */
import { MAX_MENTION_TITLE, type DraftPiece } from '../../lib/core/message-mention';
import { stripInvisibleChars } from '../../lib/page/strip-invisible-chars';
import { mentionAt } from './mention-state';
import { t } from '../ui/t';

const PILL = 'mention-pill';

/** A tab as a mention writes it: its title on one line, without characters a person cannot see, not too long. */
export function mentionTitleOf(title: string): string {
  return stripInvisibleChars(title).replace(/\s+/g, ' ').trim().slice(0, MAX_MENTION_TITLE).trimEnd();
}

export function isPill(node: Node | null | undefined): node is HTMLElement {
  return node instanceof HTMLElement && node.classList.contains(PILL);
}

/** A pill for a mentioned tab: `@title` (shortened by CSS, in full in its tooltip) and × to take it out. */
function createPill(doc: Document, tab: { tabId: number; title: string }): HTMLElement {
  const pill = doc.createElement('span');
  pill.className = PILL;
  pill.contentEditable = 'false';
  pill.dataset.tabId = String(tab.tabId);
  pill.dataset.title = tab.title;
  pill.title = tab.title;
  const label = doc.createElement('span');
  label.className = 'mention-pill-label';
  label.textContent = `@${tab.title}`;
  const remove = doc.createElement('button');
  remove.type = 'button';
  remove.className = 'mention-remove';
  remove.tabIndex = -1;
  remove.setAttribute('aria-label', t('composer_remove_mention', tab.title));
  pill.append(label, remove);
  return pill;
}

/** The draft in order: typed text and mentioned tabs (a line the browser wrapped in a block reads as a newline). */
export function readDraft(box: HTMLElement): DraftPiece[] {
  const out: DraftPiece[] = [];
  const push = (text: string) => {
    if (!text) return;
    const last = out.length - 1;
    if (typeof out[last] === 'string') out[last] += text;
    else out.push(text);
  };
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child instanceof Text) push(child.data);
      else if (isPill(child)) out.push({ tabId: Number(child.dataset.tabId), title: child.dataset.title ?? '' });
      else if (child.nodeName === 'BR') push('\n');
      else if (child instanceof HTMLElement) {
        if (/^(DIV|P)$/.test(child.nodeName) && out.length) push('\n');
        walk(child);
      }
    }
  };
  walk(box);
  return out;
}

/** The tabs the box holds pills for, in order. */
export const pillsIn = (box: HTMLElement) =>
  readDraft(box).filter((p): p is Exclude<DraftPiece, string> => typeof p !== 'string');

function placeCaret(node: Node, offset: number) {
  const doc = node.ownerDocument ?? document;
  const range = doc.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** Focuses the box with the caret after its last character. */
export function focusAtEnd(box: HTMLElement) {
  box.focus();
  placeCaret(box, box.childNodes.length);
}

/** Replaces the draft with `pieces` (a message to retry, a suggestion), caret at the end. */
export function writeDraft(box: HTMLElement, pieces: readonly DraftPiece[]) {
  const doc = box.ownerDocument;
  box.replaceChildren(...pieces.map((p) => (typeof p === 'string' ? doc.createTextNode(p) : createPill(doc, p))));
  focusAtEnd(box);
}

/** True when the box holds nothing to send. */
export const isBlank = (box: HTMLElement) => !readDraft(box).some((p) => typeof p !== 'string' || p.trim());

/** Puts `text` before the draft, pills kept (an attached resource goes first); caret at the end. */
export function prependText(box: HTMLElement, text: string) {
  if (isBlank(box)) box.replaceChildren();
  box.prepend(box.ownerDocument.createTextNode(text));
  box.normalize();
  focusAtEnd(box);
}

/** The `@word` typed just before the caret, in the text it is in. */
export function mentionBeforeCaret(
  box: HTMLElement,
): { node: Text; start: number; end: number; query: string } | undefined {
  const selection = box.ownerDocument.getSelection();
  const node = selection?.anchorNode;
  if (!selection?.isCollapsed || !(node instanceof Text) || !box.contains(node)) return undefined;
  const at = mentionAt(node.data, selection.anchorOffset);
  return at && { node, start: at.start, end: selection.anchorOffset, query: at.query };
}

/** Replaces the `@word` at `at` with a pill for `tab`, a space after it, the caret after the space. */
export function insertPill(
  box: HTMLElement,
  at: { node: Text; start: number; end: number },
  tab: { tabId: number; title: string },
) {
  const rest = at.node.splitText(at.end);
  at.node.data = at.node.data.slice(0, at.start);
  const pill = createPill(box.ownerDocument, tab);
  const spaced = /^\s/.test(rest.data);
  at.node.after(pill, box.ownerDocument.createTextNode(spaced ? '' : ' '));
  box.normalize();
  const after = pill.nextSibling;
  if (after instanceof Text) placeCaret(after, 1);
  else placeCaret(box, [...box.childNodes].indexOf(pill) + 1);
}

/** Takes a pill out of the draft; the caret goes where it was. */
export function removePill(box: HTMLElement, pill: HTMLElement) {
  const before = pill.previousSibling;
  const after = pill.nextSibling;
  // Measured now: the text after the pill merges into `before` once it is gone.
  const end = before instanceof Text ? before.data.length : 0;
  const parent = pill.parentNode ?? box;
  const index = [...parent.childNodes].indexOf(pill);
  pill.remove();
  box.normalize();
  if (before instanceof Text && before.isConnected) placeCaret(before, end);
  else if (after instanceof Text && after.isConnected) placeCaret(after, 0);
  else placeCaret(parent, Math.min(index, parent.childNodes.length));
}

/** The pill right before (Backspace) or after (Delete) a collapsed caret, if that is what is there. */
export function pillAtCaret(box: HTMLElement, backward: boolean): HTMLElement | undefined {
  const selection = box.ownerDocument.getSelection();
  const node = selection?.anchorNode;
  if (!selection?.isCollapsed || !node || !box.contains(node)) return undefined;
  const offset = selection.anchorOffset;
  let next: Node | null | undefined;
  if (node instanceof Text) {
    if (backward ? offset > 0 : offset < node.data.length) return undefined;
    next = backward ? node.previousSibling : node.nextSibling;
  } else next = node.childNodes[backward ? offset - 1 : offset];
  while (next instanceof Text && next.data === '') next = backward ? next.previousSibling : next.nextSibling;
  return isPill(next) ? next : undefined;
}
