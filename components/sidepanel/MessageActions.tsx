/**
 * The panel's own buttons under a message (never part of the answer's sanitised Markdown): the versions of an
 * answer, copy, regenerate, continue (a stopped answer) and delete for an answer; edit, save as task and
 * delete for the user's message.
 */
import { useState } from 'preact/hooks';
import { shownVersionIndex, versionCount } from '../../lib/storage/answer-versions';
import type { MessageRecord } from '../../lib/storage/records';
import { t } from '../ui/t';
import { VersionPager } from './VersionPager';

export interface MessageActionHandlers {
  copy(text: string): Promise<boolean>;
  regenerate(): void;
  continueAnswer(): void;
  showVersion(messageId: string, index: number): void;
  startEdit(messageId: string): void;
  /** Opens the "Save as task" form for a sent message (absent: not offered). */
  saveAsTask?(messageId: string): void;
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
  const versions = versionCount(message);
  return (
    <div
      class={`message-actions ${message.role}`}
      role="group"
      aria-label={message.role === 'user' ? t('actions_for_message') : t('actions_for_answer')}
      data-for={message.id}
    >
      {versions > 1 && (
        <VersionPager
          index={shownVersionIndex(message)}
          count={versions}
          disabled={busy}
          onShow={(index) => on.showVersion(message.id, index)}
        />
      )}
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
      {message.role === 'assistant' && isLast && message.status === 'stopped' && (
        <button type="button" class="link" disabled={busy} onClick={() => on.continueAnswer()}>
          {t('actions_continue')}
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
      {message.role === 'user' && on.saveAsTask && (
        <button type="button" class="link" onClick={() => on.saveAsTask?.(message.id)}>
          {t('actions_save_as_task')}
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
