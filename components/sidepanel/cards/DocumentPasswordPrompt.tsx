import { useEffect, useRef, useState } from 'preact/hooks';
import type { ToolCardActions, ToolPart } from './card-props';
import { t } from '../../ui/t';

/**
 * A call reading a password-protected document asks for the password here: the user types it, and it goes with
 * the decision to the background (never into the panel's state, the conversation, the card afterwards or the
 * model). Cancel ends the read. A wrong password says so and asks again on a new prompt.
 */
export function DocumentPasswordPrompt({ part, actions }: { part: ToolPart; actions?: ToolCardActions }) {
  const prompt = part.password;
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(false);
  const pending = !!prompt && !prompt.decision && part.status === 'awaiting-approval';
  useEffect(() => {
    if (pending) input.current?.focus();
  }, [pending, prompt?.promptId]);
  if (!prompt) return null;
  if (!pending || !actions)
    return (
      <div class={`decision ${prompt.decision === 'given' ? 'approved' : 'denied'}`}>
        {prompt.decision === 'given' ? t('card_password_typed') : t('card_document_password_cancelled')}
      </div>
    );
  const send = () => {
    const el = input.current;
    if (!el?.value) return;
    const secret = el.value;
    el.value = '';
    setTyped(false);
    actions.decide(prompt.promptId, 'approved', { secret });
  };
  return (
    <div class="approval pending document-password" role="group" aria-label={t('card_document_password_label')}>
      <p class="preview">{t('card_document_password', prompt.file)}</p>
      {prompt.wrong && (
        <p class="approval-flag" role="alert">
          {t('card_document_password_wrong')}
        </p>
      )}
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
          {t('card_document_password_open')}
        </button>
        <button type="button" onClick={() => actions.decide(prompt.promptId, 'denied')}>
          {t('common_cancel')}
        </button>
      </form>
    </div>
  );
}
