import { useRef, useState } from 'preact/hooks';
import type { ToolCardActions } from './card-props';
import { t } from '../../ui/t';

/**
 * The password input of a fill_password card: the user types the password here, and it goes with the
 * decision to the background (never into the panel's state, the conversation or the card afterwards). The
 * field is cleared as soon as it is sent.
 */
export function PasswordPrompt({ toolCallId, actions }: { toolCallId: string; actions: ToolCardActions }) {
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(false);
  const send = () => {
    const el = input.current;
    if (!el?.value) return;
    const secret = el.value;
    el.value = '';
    actions.decide(toolCallId, 'approved', { secret });
  };
  return (
    <form
      class="actions handover-password"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label>
        {t('card_password')}
        <input
          ref={input}
          type="password"
          autocomplete="off"
          maxLength={1000}
          onInput={(e) => setTyped(!!e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="primary" disabled={!typed}>
        {t('card_fill_password_button')}
      </button>
      <button type="button" onClick={() => actions.decide(toolCallId, 'denied')}>
        {t('approval_deny')}
      </button>
    </form>
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
