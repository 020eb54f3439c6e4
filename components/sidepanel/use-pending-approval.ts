/**
 * A decision waiting on a card: when it appears, the card is scrolled into view (its top first when it is
 * taller than the conversation's view; the decision buttons stay in sight, sticky at its bottom) and takes the
 * focus, so Enter approves and Escape denies. The focus is not taken from a message the user is typing: Enter
 * there must keep sending what they wrote.
 */
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

/** A text field the user has written in (the composer with a draft): taking the focus from it would swallow keys. */
function isTyping(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) return el.value !== '';
  // The message box is editable text: typing once it holds something (a pill counts).
  return el instanceof HTMLElement && el.isContentEditable && (el.textContent ?? '') !== '';
}

/** Elements whose own Enter means something else (a button presses itself, a disclosure opens). */
const OWN_ENTER = 'button, a[href], input, textarea, select, summary, [contenteditable="true"]';

export function usePendingApproval(
  ref: RefObject<HTMLElement | null>,
  pending: boolean,
  decide: { approve(): void; deny(): void } | undefined,
): (e: KeyboardEvent) => void {
  useEffect(() => {
    const el = ref.current;
    if (!pending || !el) return;
    const card = el.closest<HTMLElement>('.tool-card') ?? el;
    const log = card.closest<HTMLElement>('.log');
    const tall = log ? card.getBoundingClientRect().height > log.clientHeight : false;
    card.scrollIntoView({ block: tall ? 'start' : 'nearest' });
    if (decide && !isTyping(document.activeElement)) el.focus({ preventScroll: true });
    // Once per card becoming pending: later renders (streamed text elsewhere) must not pull the view back.
  }, [pending]);

  return (e: KeyboardEvent) => {
    if (!decide || e.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target instanceof Element ? e.target : null;
    if (target && target !== e.currentTarget && target.closest(OWN_ENTER)) {
      // Escape still denies from the card's own buttons; Enter there presses that button.
      if (e.key !== 'Escape' || target.matches('input, textarea, select')) return;
    }
    if (e.key === 'Enter' && !e.repeat) {
      e.preventDefault();
      decide.approve();
    } else if (e.key === 'Escape') {
      // Handled here, so Escape denies this call instead of stopping the whole answer.
      e.preventDefault();
      e.stopPropagation();
      decide.deny();
    }
  };
}
