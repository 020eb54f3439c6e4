/** Escape stops the answer being written, unless a dialog is open (Escape closes that first). */
import { useEffect } from 'preact/hooks';

export function useEscapeToStop(chat: { running: { value: boolean }; stop(): void }): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing || !chat.running.value) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]')) return;
      e.preventDefault();
      chat.stop();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [chat]);
}
