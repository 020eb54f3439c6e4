import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../ui/t';

/**
 * The one password form of the panel (fill_password's card, a locked document's card, a locked attachment's
 * chip): a password input, a submit button enabled once something is typed, and a cancel button. The typed value
 * goes to `onSubmit` and the field is cleared at once, so it stays in no state of the panel.
 */
export function PasswordForm({
  submitLabel,
  cancelLabel,
  onSubmit,
  onCancel,
  autoFocus,
  focusKey,
}: {
  submitLabel: string;
  cancelLabel: string;
  onSubmit: (secret: string) => void;
  onCancel: () => void;
  autoFocus?: boolean;
  /** Focus again when this changes (a new prompt after a wrong password). */
  focusKey?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus, focusKey]);
  const send = () => {
    const el = input.current;
    if (!el?.value) return;
    const secret = el.value;
    el.value = '';
    setTyped(false);
    onSubmit(secret);
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
        {submitLabel}
      </button>
      <button type="button" onClick={onCancel}>
        {cancelLabel}
      </button>
    </form>
  );
}
