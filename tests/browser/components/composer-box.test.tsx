/** The message box with @-mention pills, and the sent message showing them, in real Chromium. */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { composeMessage } from '../../../lib/core/message-mention';
import {
  insertPill,
  isBlank,
  mentionBeforeCaret,
  mentionTitleOf,
  pillAtCaret,
  prependText,
  readDraft,
  removePill,
  writeDraft,
} from '../../../components/sidepanel/composer-box';
import { MentionText } from '../../../components/sidepanel/MentionText';

const box = document.body.appendChild(document.createElement('div'));
box.contentEditable = 'plaintext-only';
afterEach(() => {
  box.replaceChildren();
  render(null, box);
});

/** Types `text` at the end of the box as the browser would leave it: one more text node, caret after it. */
function typeAtEnd(text: string) {
  const last = box.lastChild;
  if (last instanceof Text) last.data += text;
  else box.append(text);
  const node = box.lastChild as Text;
  document.getSelection()!.collapse(node, node.data.length);
}
const caret = () => {
  const s = document.getSelection()!;
  return { node: s.anchorNode, offset: s.anchorOffset };
};

describe('the message box', () => {
  it('puts the chosen tab as a pill where the @word was, a space after it, the caret after the space', () => {
    box.focus();
    typeAtEnd('Compare @ord');
    const at = mentionBeforeCaret(box)!;
    expect(at.query).toBe('ord');
    insertPill(box, at, { tabId: 7, title: 'Order details' });
    typeAtEnd('with @');
    insertPill(box, mentionBeforeCaret(box)!, { tabId: 9, title: 'Inbox' });
    typeAtEnd('please');
    expect(readDraft(box)).toEqual([
      'Compare ',
      { tabId: 7, title: 'Order details' },
      ' with ',
      { tabId: 9, title: 'Inbox' },
      ' please',
    ]);
    expect(composeMessage(readDraft(box)).text).toBe('Compare @Order details with @Inbox please');
    // The box's text is the sentence: the pill's × is drawn, not written.
    expect(box.textContent).toBe('Compare @Order details with @Inbox please');
    const pill = box.querySelector<HTMLElement>('.mention-pill')!;
    expect(pill.contentEditable).toBe('false');
    expect(pill.title).toBe('Order details');
    expect(pill.querySelector('button')!.getAttribute('aria-label')).toBe('Remove mention of Order details');
  });

  it('Backspace right after a pill, or Delete right before it, finds it; taking it out keeps the caret there', () => {
    writeDraft(box, ['See ', { tabId: 7, title: 'Order details' }, ' now']);
    const pill = box.querySelector<HTMLElement>('.mention-pill')!;
    const after = pill.nextSibling as Text;
    document.getSelection()!.collapse(after, 0);
    expect(pillAtCaret(box, true)).toBe(pill);
    expect(pillAtCaret(box, false)).toBeUndefined();
    document.getSelection()!.collapse(after, 1);
    expect(pillAtCaret(box, true)).toBeUndefined();
    const before = pill.previousSibling as Text;
    document.getSelection()!.collapse(before, before.data.length);
    expect(pillAtCaret(box, false)).toBe(pill);
    removePill(box, pill);
    expect(readDraft(box)).toEqual(['See  now']);
    expect(caret()).toEqual({ node: box.firstChild, offset: 4 });
    // A pill at the very end, caret after it in the box itself.
    writeDraft(box, ['See ', { tabId: 7, title: 'Order details' }]);
    expect(caret()).toEqual({ node: box, offset: 2 });
    expect(pillAtCaret(box, true)).toBe(box.querySelector('.mention-pill'));
  });

  it("a page's title is text: markup in it makes no element, invisible characters and line breaks are gone", () => {
    const hostile = 'Cheap <img src="https://evil.example/x.png" onerror="alert(1)">\u200b\u{E0041}deals\n\tnow';
    const title = mentionTitleOf(hostile);
    expect(title).toBe('Cheap <img src="https://evil.example/x.png" onerror="alert(1)">deals now');
    writeDraft(box, [{ tabId: 3, title }]);
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('.mention-pill-label')!.textContent).toBe(`@${title}`);
    expect(mentionTitleOf('x'.repeat(500))).toHaveLength(200);
  });

  it('an attached resource goes before the draft, pills kept; an empty box is blank', () => {
    expect(isBlank(box)).toBe(true);
    writeDraft(box, ['Ask ', { tabId: 7, title: 'Order details' }]);
    expect(isBlank(box)).toBe(false);
    prependText(box, 'BLOCK\n\n');
    expect(readDraft(box)).toEqual(['BLOCK\n\nAsk ', { tabId: 7, title: 'Order details' }]);
    writeDraft(box, ['  ']);
    prependText(box, 'BLOCK\n\n');
    expect(readDraft(box)).toEqual(['BLOCK\n\n']);
  });
});

describe('the sent message', () => {
  it('shows each mention as a pill at its place, its title as text with the full title in its tooltip', () => {
    const title = 'A very long title <b>bold</b> about orders and returns and more';
    const { text, mentions } = composeMessage([
      'Compare ',
      { tabId: 7, title },
      ' with ',
      { tabId: 9, title: 'Inbox' },
    ]);
    render(<MentionText text={text} mentions={mentions} />, box);
    expect([...box.childNodes].map((n) => (n instanceof HTMLElement ? `[${n.title}]` : n.textContent))).toEqual([
      'Compare ',
      `[${title}]`,
      ' with ',
      '[Inbox]',
    ]);
    expect(box.querySelector('b')).toBeNull();
    expect(box.textContent).toBe(text);
    // A mention that does not hold (an edited text) is shown as the plain text it is.
    render(<MentionText text="Compare them" mentions={mentions} />, box);
    expect(box.querySelector('.mention-pill')).toBeNull();
    expect(box.textContent).toBe('Compare them');
  });
});
