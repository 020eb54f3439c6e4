/**
 * What the user sends from the chat: a message (or an interjection into the run), and a decision on a card.
 */
import type { PanelCommand, PanelPageContext } from '../../lib/background/panel-port';
import type { MessageMention } from '../../lib/core/message-mention';
import type { ChatSignals } from './chat-signals';
import type { createPageContextState } from './page-context-state';

export interface SendActionDeps {
  post(command: PanelCommand): void;
  page: ReturnType<typeof createPageContextState>;
}

export function createSendActions(s: ChatSignals, { post, page }: SendActionDeps) {
  return {
    /** Sends a message; during a run it joins that run as an interjection. */
    /** `mentions`: tabs @-mentioned in the composer, at their places in `text` (sent trimmed); the run may read them too. */
    /** `attachments`: ids of files attached in the composer and read (not sent with an interjection). */
    /** `task`: a saved task run from the panel, which the worker reads by id and runs by its kind (a recording replays). */
    async send(
      text: string,
      mentions: MessageMention[] = [],
      attachments: string[] = [],
      task?: { id: string; values: Record<string, string> },
    ) {
      const trimmed = text.trim();
      if (!trimmed) return false;
      s.notice.value = null;
      const interjecting = s.running.value;
      s.running.value = true;
      const clientId = crypto.randomUUID();
      // Shown at once: the background confirms the queue (or sends the message as a new turn) in a moment.
      if (interjecting) s.queued.value = [...s.queued.value, { id: clientId, text: trimmed }];
      const context: PanelPageContext | undefined = interjecting ? undefined : page.forSend();
      // Before the snapshot of the conversation the panel asked for, the message goes to that one (it is about to show).
      const conversationId = s.conversation.value?.id ?? s.asked.value;
      const model = !conversationId && s.modelForNewChat.value ? { model: s.modelForNewChat.value } : {};
      post({
        type: 'send',
        conversationId,
        text: trimmed,
        clientId,
        ...(context ? { page: context } : {}),
        ...model,
        ...(!interjecting && mentions.length ? { mentions } : {}),
        ...(!interjecting && attachments.length ? { attachments } : {}),
        ...(task ? { task } : {}),
      });
      return true;
    },
    /**
     * `typed`: a password (fill_password) or a note (ask_user) the user typed on the card; posted, never stored
     * (the connection holds the command in memory until the worker acknowledges it).
     */
    decide(
      runId: string,
      toolCallId: string,
      decision: 'approved' | 'denied' | 'always',
      typed?: { secret?: string; note?: string },
    ) {
      // The card says it is sending until the worker acknowledges (the command is resent until then).
      s.sentDecisions.sending(runId, toolCallId, decision);
      post({
        type: 'approval',
        runId,
        toolCallId,
        decision,
        ...(typed?.secret ? { secret: typed.secret } : {}),
        ...(typed?.note ? { note: typed.note } : {}),
      });
    },
  };
}
