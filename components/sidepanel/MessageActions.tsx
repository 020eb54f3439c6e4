/**
 * The panel's own buttons under a message (never part of the answer's sanitised Markdown): copy, regenerate
 * and delete for an answer; edit and delete for the user's message.
 */
import { useState } from 'preact/hooks';
import type { MessageRecord } from '../../lib/storage/records';
import { t } from '../ui/t';

export interface MessageActionHandlers {
  copy(text: string): Promise<boolean>;
  regenerate(): void;
  startEdit(messageId: string): void;
  remove(messageId: string): void;
}

interface Props {
  message: MessageRecord;
  /** The last message of the conversation (only the last answer can be regenerated). */
  isLast: boolean;
  /** An answer is being written: nothing in the past may change until it ends. */
  busy: boolean;
  on: MessageActionHandlers;
}

export function MessageActions({ message, isLast, busy, on }: Props) {
  const [copied, setCopied] = useState(false);
  if (message.status === 'streaming') return null;
  return (
    <div
      class={`message-actions ${message.role}`}
      role="group"
      aria-label={message.role === 'user' ? t('actions_for_message') : t('actions_for_answer')}
      data-for={message.id}
    >
      {message.role === 'assistant' && message.text && (
        <button
          type="button"
          class="link"
          onClick={async () => {
            if (await on.copy(message.text)) {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            }
          }}
        >
          {copied ? t('actions_copied') : t('actions_copy')}
        </button>
      )}
      {message.role === 'assistant' && isLast && (
        <button type="button" class="link" disabled={busy} onClick={() => on.regenerate()}>
          {t('actions_regenerate')}
        </button>
      )}
      {message.role === 'user' && (
        <button type="button" class="link" disabled={busy} onClick={() => on.startEdit(message.id)}>
          {t('common_edit')}
        </button>
      )}
      <button
        type="button"
        class="link"
        disabled={busy}
        aria-label={message.role === 'user' ? t('actions_delete_message') : t('actions_delete_answer')}
        onClick={() => on.remove(message.id)}
      >
        {t('common_delete')}
      </button>
    </div>
  );
}
