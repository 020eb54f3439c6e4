/**
 * Asked before following a link from an answer that carries unusual data: the full URL, its host and why it
 * was stopped, drawn by the panel (never by the answer), so a page that told the model to smuggle data into a
 * link cannot have it sent by one unthinking click. Cancel has the focus, so Enter does not open it; Escape
 * cancels, as in every dialog.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { useModalFocus } from './use-modal-focus';
import { t } from '../ui/t';
import { fillSlots } from '../ui/fill-slots';

export function LinkConfirm({
  url,
  host,
  reason,
  onOpen,
  onCancel,
}: {
  url: string;
  host: string;
  reason: string;
  onOpen: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Tab stays inside the dialog and focus returns to the link on close (so first, before Cancel takes focus);
  // Escape is handled below, as before.
  useModalFocus(dialog);
  useLayoutEffect(() => cancel.current?.focus(), []);
  // Modal: Escape cancels wherever the focus is. A layout effect, so it listens before the dialog is shown.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div class="dialog link-confirm" role="dialog" aria-modal="true" aria-label={t('link_title')} ref={dialog}>
      <header>
        <strong>{t('link_title')}</strong>
      </header>
      <p>
        {reason} {fillSlots('link_goes_to', <strong class="link-confirm-host">{host}</strong>)}
      </p>
      <pre class="link-confirm-url">{url}</pre>
      <div class="actions">
        <button type="button" onClick={onCancel} ref={cancel}>
          {t('common_cancel')}
        </button>
        <button type="button" class="primary" onClick={onOpen}>
          {t('link_open')}
        </button>
      </div>
    </div>
  );
}
