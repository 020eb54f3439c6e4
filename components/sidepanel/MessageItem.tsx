import type { MessageRecord } from '../../lib/storage/records';
import { ErrorCard } from './ErrorCard';
import { Markdown } from './Markdown';
import { MentionText } from './MentionText';
import { MessageAttachments } from './lazy-parts';
import { RunParts } from './RunParts';
import type { ToolCardActions } from './cards/card-props';
import { t, type MessageKey } from '../ui/t';

interface Props {
  message: MessageRecord;
  isLast: boolean;
  onRetry: () => void;
  onSettings: () => void;
  actions?: ToolCardActions;
  onInspect?: (runId: string) => void;
}

const statusLabel: Partial<Record<MessageRecord['status'], MessageKey>> = {
  stopped: 'message_stopped',
  interrupted: 'message_interrupted',
};

export function MessageItem({ message, isLast, onRetry, onSettings, actions, onInspect }: Props) {
  if (message.role === 'user') {
    return (
      <div class="message user" data-role="user">
        <div class="bubble">
          <MentionText text={message.text} mentions={message.mentions} />
        </div>
        {message.attachments?.length ? <MessageAttachments attachments={message.attachments} /> : null}
      </div>
    );
  }
  const label = statusLabel[message.status];
  const parts = message.parts;
  const empty = parts ? parts.length === 0 : !message.text;
  return (
    <div class="message assistant" data-role="assistant" data-status={message.status} data-id={message.id}>
      {parts ? (
        <RunParts parts={parts} actions={actions} streaming={message.status === 'streaming'} />
      ) : (
        message.text && <Markdown text={message.text} streaming={message.status === 'streaming'} />
      )}
      {message.status === 'streaming' && empty && (
        <div class="typing" aria-label={t('message_thinking')}>
          …
        </div>
      )}
      {label && <div class={`status ${message.status}`}>{t(label)}</div>}
      {message.error && <ErrorCard error={message.error} canRetry={isLast} onRetry={onRetry} onSettings={onSettings} />}
      {message.status !== 'streaming' && (
        <div class="meta">
          {message.model}
          {message.runId && onInspect && (
            <button type="button" class="link" onClick={() => onInspect(message.runId!)}>
              {t('message_model_saw')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
