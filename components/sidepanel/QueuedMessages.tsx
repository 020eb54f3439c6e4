import type { QueuedMessage } from '../../lib/background/queued-messages';
import { t } from '../ui/t';

/** Messages sent while the answer runs: visibly waiting, with what happens to them said plainly. */
export function QueuedMessages({ messages }: { messages: QueuedMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <div class="queued" aria-label={t('queued_label')}>
      {messages.map((m) => (
        <div key={m.id} class="message user queued-message" data-role="user" data-queued="true">
          <div class="bubble">{m.text}</div>
          <div class="queued-label">{t('queued_note')}</div>
        </div>
      ))}
    </div>
  );
}
