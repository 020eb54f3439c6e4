/**
 * The composer's attached files, loaded when the user first attaches one (the panel's startup bundle carries only
 * the button): the chips, each with its state and a button to remove it, and the notice above them. A locked
 * PDF's chip asks for its password with the same form as a locked document's card (never through the model).
 */
import { ChipBody } from './AttachmentChips';
import type { AttachmentState } from './attachment-state';
import { PasswordForm } from './cards/PasswordForm';
import { t } from '../ui/t';

export { createAttachmentState } from './attachment-state';

export function ComposerFiles({ state }: { state: AttachmentState }) {
  const chips = state.chips.value;
  return (
    <>
      {chips.length > 0 && (
        <ul class="attachment-chips" aria-label={t('attachments_label')}>
          {chips.map((c) => (
            <li
              key={c.key}
              class={`attachment-chip ${c.status}${c.attachment?.notSent ? ' not-sent' : ''}`}
              data-status={c.status}
            >
              <ChipBody name={c.name} size={c.size} attachment={c.attachment} />
              {c.status === 'reading' && <span class="attachment-reading">{t('attachment_reading')}</span>}
              {c.status === 'locked' && (
                <div class="attachment-locked" role="group" aria-label={t('card_document_password_label')}>
                  <p>{t('card_document_password', c.name)}</p>
                  {c.wrongPassword && <p role="alert">{t('card_document_password_wrong')}</p>}
                  <PasswordForm
                    submitLabel={t('card_document_password_open')}
                    cancelLabel={t('common_cancel')}
                    onSubmit={(secret) => void state.unlock(c.key, secret)}
                    onCancel={() => state.remove(c.key)}
                    autoFocus
                    focusKey={`${c.key}${c.wrongPassword ? '-wrong' : ''}`}
                  />
                </div>
              )}
              {c.error && (
                <span class="attachment-error" role="alert">
                  {c.error}
                </span>
              )}
              <button
                type="button"
                class="attachment-remove"
                aria-label={t('attachment_remove', c.name)}
                onClick={() => state.remove(c.key)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.notice.value && (
        <p class="attachment-notice" role="alert">
          {state.notice.value}
        </p>
      )}
    </>
  );
}
