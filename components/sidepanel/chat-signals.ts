/** What the panel shows of the chat, as signals, with the small updates every part of the chat state makes. */
import { computed, signal } from '@preact/signals';
import type { QueuedMessage } from '../../lib/background/queued-messages';
import type { ProviderView } from '../../lib/core/provider-record';
import type { ConversationModel, ConversationRecord, MessageRecord } from '../../lib/storage/records';
import { createSentDecisions } from './sent-decisions';

export interface RetryState {
  attempt: number;
  status: number;
  delayMs: number;
  since: number;
}

export type ChatSignals = ReturnType<typeof createChatSignals>;

export function createChatSignals() {
  const conversation = signal<ConversationRecord | null>(null);
  const messages = signal<MessageRecord[]>([]);
  const providers = signal<ProviderView[]>([]);
  const defaultProviderId = signal<string | undefined>(undefined);
  return {
    conversation,
    messages,
    running: signal(false),
    /** Messages sent while the answer runs, not yet taken in by it (shown as queued under the answer). */
    queued: signal<QueuedMessage[]>([]),
    /** The switcher's choice before a conversation exists; it goes with the first message. */
    modelForNewChat: signal<ConversationModel | undefined>(undefined),
    retrying: signal<RetryState | null>(null),
    notice: signal<string | null>(null),
    connected: signal(false),
    /**
     * The conversation the panel asked to show and has not been sent yet (the one it reopens on, or one opened
     * from the history): a message sent meanwhile goes to it, not to a new conversation nobody sees.
     */
    asked: signal<string | null>(null),
    conversations: signal<ConversationRecord[]>([]),
    providers,
    defaultProviderId,
    showHistory: signal(false),
    /** Settings → Permissions' "Read only" (read when the panel opens or regains focus): said near the composer. */
    readOnly: signal(false),
    activeProvider: computed(() => providers.value.find((p) => p.id === defaultProviderId.value) ?? providers.value[0]),
    /** Decisions sent from cards, until the run's events show them (sent-decisions.ts). */
    sentDecisions: createSentDecisions(),
    /** runId → the assistant message it writes (from run-start, or the stored record's runId). */
    runMessage: new Map<string, string>(),
    /** Adds or replaces a message of the conversation shown (others are ignored). */
    upsert(message: MessageRecord) {
      if (conversation.value && message.conversationId !== conversation.value.id) return;
      const list = messages.value;
      const i = list.findIndex((m) => m.id === message.id);
      messages.value = i === -1 ? [...list, message] : list.map((m, j) => (j === i ? message : m));
    },
    updateMessage(id: string, f: (m: MessageRecord) => MessageRecord) {
      const list = messages.value;
      const i = list.findIndex((m) => m.id === id);
      if (i !== -1) messages.value = list.map((m, j) => (j === i ? f(m) : m));
    },
  };
}
