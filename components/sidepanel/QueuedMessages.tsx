import type { QueuedMessage } from '../../lib/background/queued-messages';

/** Messages sent while the answer runs: visibly waiting, with what happens to them said plainly. */
export function QueuedMessages({ messages }: { messages: QueuedMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <div class="queued" aria-label="Queued messages">
      {messages.map((m) => (
        <div key={m.id} class="message user queued-message" data-role="user" data-queued="true">
          <div class="bubble">{m.text}</div>
          <div class="queued-label">Queued: sent when this answer ends. Stop keeps it and sends it next.</div>
        </div>
      ))}
    </div>
  );
}
