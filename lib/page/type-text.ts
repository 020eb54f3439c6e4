import { codeOf, dispatchKey, type KeyPress } from './key-events';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

const isTextControl = (el: Element): el is TextControl => el.tagName === 'TEXTAREA' || el.tagName === 'INPUT';

/**
 * Types `text` into `el` as a person's keyboard would, one character at a time: keydown, keypress,
 * beforeinput, the insertion and input, keyup, so widgets that listen to keys (autocomplete, masks,
 * comboboxes that open on typing) react as they do for people. A cancelled keydown, keypress or
 * beforeinput inserts nothing, as in the browser. With `clear`, what the field held is deleted first.
 * Focus stays in the field (a suggestion list stays open); nothing is submitted. Without `clear`, text in
 * an editor goes where a person would put it: over the text they selected in it, else at its end (focusing
 * an editor puts the caret at its start, which would write before what it holds).
 */
export function typeText(el: HTMLElement, text: string, clear: boolean): void {
  const kept = !clear && !isTextControl(el) ? keptSelection(el) : undefined;
  el.focus({ preventScroll: true });
  if (clear) clearContent(el);
  else if (!isTextControl(el)) placeCaret(el, kept);
  for (const ch of text) typeChar(el, ch);
}

function typeChar(el: HTMLElement, ch: string): void {
  const press: KeyPress =
    ch === '\n'
      ? { key: 'Enter', code: 'Enter', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false }
      : { key: ch, code: codeOf(ch), ctrlKey: false, shiftKey: ch !== ch.toLowerCase(), altKey: false, metaKey: false };
  const down = dispatchKey(el, 'keydown', press);
  const pressed = down && dispatchKey(el, 'keypress', press);
  const inputType = ch === '\n' ? (el.tagName === 'TEXTAREA' ? 'insertLineBreak' : 'insertParagraph') : 'insertText';
  // A newline in a one-line input is an Enter key with nothing to insert (typing never submits).
  if (pressed && !(ch === '\n' && el.tagName === 'INPUT') && beforeInput(el, inputType, ch)) insert(el, ch, inputType);
  dispatchKey(el, 'keyup', press);
}

function beforeInput(el: HTMLElement, inputType: string, data: string | null): boolean {
  const view = el.ownerDocument.defaultView ?? window;
  return el.dispatchEvent(
    new view.InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType, data }),
  );
}

function insert(el: HTMLElement, ch: string, inputType: string): void {
  if (isTextControl(el)) {
    const value = el.value;
    // Number and email inputs have no selection API; they append.
    const start = selectionOf(el)?.[0] ?? value.length;
    const end = selectionOf(el)?.[1] ?? value.length;
    setValue(el, value.slice(0, start) + ch + value.slice(end));
    trySelect(el, start + ch.length);
    fireInput(el, inputType, ch);
    return;
  }
  // Editors built on contenteditable listen to the editing command's own input event.
  if (!el.ownerDocument.execCommand(ch === '\n' ? 'insertParagraph' : 'insertText', false, ch)) {
    el.append(ch);
    fireInput(el, inputType, ch);
  }
}

function clearContent(el: HTMLElement): void {
  if (isTextControl(el)) {
    if (!el.value || !beforeInput(el, 'deleteContentBackward', null)) return;
    setValue(el, '');
    fireInput(el, 'deleteContentBackward', null);
    return;
  }
  const doc = el.ownerDocument;
  const range = doc.createRange();
  range.selectNodeContents(el);
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  if (el.textContent && beforeInput(el, 'deleteContentBackward', null) && !doc.execCommand('delete'))
    el.textContent = '';
  selection?.collapse(el, el.childNodes.length);
}

/** A selection of text inside `el` (not a bare caret) that typing should replace, if there is one. */
function keptSelection(el: HTMLElement): Range | undefined {
  const selection = el.ownerDocument.getSelection();
  if (!selection?.rangeCount || selection.isCollapsed) return undefined;
  const range = selection.getRangeAt(0);
  return el.contains(range.startContainer) && el.contains(range.endContainer) ? range.cloneRange() : undefined;
}

/** The kept selection restored after focusing, else the caret at the end of the editor's content. */
function placeCaret(el: HTMLElement, kept: Range | undefined): void {
  const selection = el.ownerDocument.getSelection();
  if (!selection) return;
  let range = kept;
  if (!range) {
    // At the end of the last text (inside the last paragraph), not after the editor's last block.
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let last: Node = el;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) last = n;
    range = el.ownerDocument.createRange();
    range.selectNodeContents(last);
    range.collapse(false);
  }
  selection.removeAllRanges();
  selection.addRange(range);
}

function selectionOf(el: TextControl): [number, number] | undefined {
  try {
    return el.selectionStart === null || el.selectionEnd === null ? undefined : [el.selectionStart, el.selectionEnd];
  } catch (error) {
    void error; // input types without a selection (number, email) throw here: they append
    return undefined;
  }
}

function trySelect(el: TextControl, at: number): void {
  try {
    el.setSelectionRange(at, at);
  } catch (error) {
    void error; // no selection API on this input type: the caret stays at the end
  }
}

/** The prototype's setter, so React's value tracker sees a change. */
function setValue(el: TextControl, value: string): void {
  const view = el.ownerDocument.defaultView ?? window;
  const proto = el.tagName === 'TEXTAREA' ? view.HTMLTextAreaElement.prototype : view.HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
}

function fireInput(el: HTMLElement, inputType: string, data: string | null): void {
  const view = el.ownerDocument.defaultView ?? window;
  el.dispatchEvent(new view.InputEvent('input', { bubbles: true, composed: true, inputType, data }));
}
