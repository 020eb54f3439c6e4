import { useRef } from 'preact/hooks';
import { PasswordForm } from './PasswordForm';
import type { ToolCardActions } from './card-props';
import { t } from '../../ui/t';

/**
 * The password input of a fill_password card: the user types the password here, and it goes with the
 * decision to the background (never into the panel's state, the conversation or the card afterwards).
 */
export function PasswordPrompt({ toolCallId, actions }: { toolCallId: string; actions: ToolCardActions }) {
  return (
    <PasswordForm
      submitLabel={t('card_fill_password_button')}
      cancelLabel={t('approval_deny')}
      onSubmit={(secret) => actions.decide(toolCallId, 'approved', { secret })}
      onCancel={() => actions.decide(toolCallId, 'denied')}
    />
  );
}

/** The choice on an ask_user card: Continue (with an optional short note) hands the run back; Stop ends it. */
export function AskUserPrompt({ toolCallId, actions }: { toolCallId: string; actions: ToolCardActions }) {
  const note = useRef<HTMLInputElement>(null);
  return (
    <div class="actions handover-ask">
      <label>
        {t('card_ask_note')}
        <input ref={note} type="text" maxLength={1000} />
      </label>
      <button
        type="button"
        class="primary"
        onClick={() =>
          actions.decide(
            toolCallId,
            'approved',
            note.current?.value.trim() ? { note: note.current.value.trim() } : undefined,
          )
        }
      >
        {t('card_continue')}
      </button>
      <button type="button" onClick={() => (actions.stop ? actions.stop() : actions.decide(toolCallId, 'denied'))}>
        {t('card_stop')}
      </button>
    </div>
  );
}
