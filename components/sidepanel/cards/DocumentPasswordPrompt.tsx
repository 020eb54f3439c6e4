import type { ToolCardActions, ToolPart } from './card-props';
import { PasswordForm } from './PasswordForm';
import { t } from '../../ui/t';
import { SentLine } from '../SentLine';
import { takenDecision } from '../sent-decisions';

/**
 * A call reading a password-protected document asks for the password here: the user types it, and it goes with
 * the decision to the background (never into the panel's state, the conversation, the card afterwards or the
 * model). Cancel ends the read. A wrong password says so and asks again on a new prompt.
 */
export function DocumentPasswordPrompt({ part, actions }: { part: ToolPart; actions?: ToolCardActions }) {
  const prompt = part.password;
  const waits = !!prompt && !prompt.decision && part.status === 'awaiting-approval';
  // Sent from here and not shown by the run yet: on its way, taken, or too late (sent-decisions.ts).
  const sent = waits ? actions?.sent?.(prompt.promptId) : undefined;
  const taken = takenDecision(sent);
  if (!prompt) return null;
  if (sent && !taken) return <SentLine sent={sent} />;
  const given = taken ? taken !== 'denied' : prompt.decision === 'given';
  if (!waits || !actions || taken)
    return (
      <div class={`decision ${given ? 'approved' : 'denied'}`}>
        {given ? t('card_password_typed') : t('card_document_password_cancelled')}
      </div>
    );
  return (
    <div class="approval pending document-password" role="group" aria-label={t('card_document_password_label')}>
      <p class="preview">{t('card_document_password', prompt.file)}</p>
      {prompt.wrong && (
        <p class="approval-flag" role="alert">
          {t('card_document_password_wrong')}
        </p>
      )}
      <PasswordForm
        submitLabel={t('card_document_password_open')}
        cancelLabel={t('common_cancel')}
        onSubmit={(secret) => actions.decide(prompt.promptId, 'approved', { secret })}
        onCancel={() => actions.decide(prompt.promptId, 'denied')}
        autoFocus
        focusKey={prompt.promptId}
      />
    </div>
  );
}
