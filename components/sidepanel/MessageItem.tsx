import type { MessageRecord } from '../../lib/storage/records';
import { ErrorCard } from './ErrorCard';
import { Markdown } from './Markdown';
import { RunParts } from './RunParts';
import type { ToolCardActions } from './ToolCard';

interface Props {
  message: MessageRecord;
  isLast: boolean;
  onRetry: () => void;
  onSettings: () => void;
  actions?: ToolCardActions;
  onInspect?: (runId: string) => void;
}

const statusLabel: Partial<Record<MessageRecord['status'], string>> = {
  stopped: 'Stopped',
  interrupted: 'Interrupted: the browser stopped the background while this was written',
};

export function MessageItem({ message, isLast, onRetry, onSettings, actions, onInspect }: Props) {
  if (message.role === 'user') {
    return (
      <div class="message user" data-role="user">
        <div class="bubble">{message.text}</div>
      </div>
    );
  }
  const label = statusLabel[message.status];
  const parts = message.parts;
  const empty = parts ? parts.length === 0 : !message.text;
  return (
    <div class="message assistant" data-role="assistant" data-status={message.status} data-id={message.id}>
      {parts ? <RunParts parts={parts} actions={actions} streaming={message.status === 'streaming'} /> : message.text && <Markdown text={message.text} streaming={message.status === 'streaming'} />}
      {message.status === 'streaming' && empty && <div class="typing" aria-label="Thinking">…</div>}
      {label && <div class={`status ${message.status}`}>{label}</div>}
      {message.error && <ErrorCard error={message.error} canRetry={isLast} onRetry={onRetry} onSettings={onSettings} />}
      {message.status !== 'streaming' && (
        <div class="meta">
          {message.model}
          {message.runId && onInspect && (
            <button type="button" class="link" onClick={() => onInspect(message.runId!)}>
              What the model saw
            </button>
          )}
        </div>
      )}
    </div>
  );
}
