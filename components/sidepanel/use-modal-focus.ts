import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

const focusable =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Makes a dialog modal for the keyboard: focus moves into it when it opens (unless something inside already
 * took it), Tab and Shift+Tab wrap round its controls instead of leaving it, Escape calls `onEscape` when
 * given, and focus goes back to where it was (the button that opened it) when it closes.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  // The latest handler, so a re-render (a new arrow function) does not reset focus.
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const controls = () =>
      [...dialog.querySelectorAll<HTMLElement>(focusable)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
    if (!dialog.contains(document.activeElement)) (controls()[0] ?? dialog).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && escape.current) {
        e.preventDefault();
        e.stopPropagation();
        escape.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = controls();
      if (list.length === 0) return;
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const inside = dialog.contains(document.activeElement);
      if (e.shiftKey && (!inside || document.activeElement === first)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    // On the document, in the capture phase: Escape closes the dialog before the panel's own Escape (Stop) sees it.
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (before?.isConnected) before.focus();
    };
  }, [ref]);
}
