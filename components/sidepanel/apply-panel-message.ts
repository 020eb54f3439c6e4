/** Folds what the background sends over the panel's Port (snapshots, messages, agent events) into the chat's signals. */
import { batch } from '@preact/signals';
import type { AgentEvent } from '../../lib/agent/agent-event';
import { foldParts } from '../../lib/agent/run-view';
import type { PanelCommand, PanelMessage } from '../../lib/background/panel-port';
import type { PanelAck } from './panel-connection';
import type { ChatSignals } from './chat-signals';

export interface PanelMessageEffects {
  post(command: PanelCommand): void;
  refreshConversations(): Promise<void>;
  /** The conversation the panel reopens on next time. */
  remember(conversationId: string | null): void;
}

function applyEvent(s: ChatSignals, event: AgentEvent, effects: PanelMessageEffects) {
  if (event.type === 'run-start') {
    s.runMessage.set(event.runId, event.messageId);
    s.running.value = true;
  }
  if (event.type === 'retry') {
    s.retrying.value = { attempt: event.attempt, status: event.status, delayMs: event.delayMs, since: Date.now() };
    return;
  }
  if (event.type === 'run-finish') {
    batch(() => {
      s.running.value = false;
      s.retrying.value = null;
    });
    void effects.refreshConversations();
    return;
  }
  const messageId = s.runMessage.get(event.runId) ?? s.messages.value.find((m) => m.runId === event.runId)?.id;
  if (!messageId) return;
  if (event.type === 'text-delta' || event.type === 'model-notice') s.retrying.value = null;
  s.updateMessage(messageId, (m) => {
    const parts = foldParts(m.parts ?? [], event);
    if (parts === m.parts) return m;
    const text = event.type === 'text-delta' ? m.text + event.delta : m.text;
    return { ...m, runId: event.runId, parts, text };
  });
}

export function applyPanelMessage(s: ChatSignals, message: PanelMessage, effects: PanelMessageEffects) {
  switch (message.type) {
    case 'snapshot':
      effects.remember(message.conversation?.id ?? null);
      batch(() => {
        s.asked.value = null;
        s.conversation.value = message.conversation;
        s.messages.value = message.messages;
        s.running.value = message.running;
        s.queued.value = message.queued ?? [];
        if (!message.running) s.retrying.value = null;
      });
      return;
    case 'conversation-created':
      effects.remember(message.conversation.id);
      s.conversation.value = message.conversation;
      void effects.refreshConversations();
      return;
    case 'conversation-updated':
      if (s.conversation.value?.id === message.conversation.id) s.conversation.value = message.conversation;
      void effects.refreshConversations();
      return;
    case 'queued':
      if (s.conversation.value?.id === message.conversationId) s.queued.value = message.messages;
      return;
    case 'message':
      s.upsert(message.message);
      // A queued message sent on its own (after Stop) now shows as an ordinary message.
      if (message.message.role === 'user') s.queued.value = s.queued.value.filter((q) => q.id !== message.message.id);
      return;
    case 'event':
      applyEvent(s, message.event, effects);
      return;
    case 'command-error':
      s.notice.value = message.message;
      // Our optimistic state may be wrong now; the snapshot says what is true.
      effects.post({ type: 'subscribe', conversationId: s.conversation.value?.id ?? null });
      return;
  }
}

/** The worker acknowledged a command that had to arrive: a card's decision shows what became of it. */
export function applyAck(s: ChatSignals, command: PanelCommand, ack: PanelAck, effects: PanelMessageEffects) {
  if (command.type === 'approval') {
    if (ack.approval) s.sentDecisions.settled(command.runId, command.toolCallId, ack.approval);
    else if (ack.error) s.sentDecisions.failed(command.runId, command.toolCallId);
  }
  if (ack.error) applyPanelMessage(s, { type: 'command-error', message: ack.error }, effects);
}
