import type { MessageRecord } from '../../lib/storage/records';
import { ErrorCard } from './ErrorCard';
import { Markdown } from './Markdown';

interface Props {
  message: MessageRecord;
  isLast: boolean;
  onRetry: () => void;
  onSettings: () => void;
}

const statusLabel: Partial<Record<MessageRecord['status'], string>> = {
  stopped: 'Stopped',
  interrupted: 'Interrupted: the browser stopped the background while this was written',
};

export function MessageItem({ message, isLast, onRetry, onSettings }: Props) {
  if (message.role === 'user') {
    return (
      <div class="message user" data-role="user">
        <div class="bubble">{message.text}</div>
      </div>
    );
  }
  const label = statusLabel[message.status];
  return (
    <div class="message assistant" data-role="assistant" data-status={message.status} data-id={message.id}>
      {message.text && <Markdown text={message.text} />}
      {message.status === 'streaming' && !message.text && <div class="typing" aria-label="Thinking">…</div>}
      {label && <div class={`status ${message.status}`}>{label}</div>}
      {message.error && <ErrorCard error={message.error} canRetry={isLast} onRetry={onRetry} onSettings={onSettings} />}
      {message.model && message.status !== 'streaming' && <div class="meta">{message.model}</div>}
    </div>
  );
}
