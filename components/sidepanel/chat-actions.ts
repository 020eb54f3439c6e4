/**
 * What the user can do in the chat: send, decide on a card (chat-send-actions.ts), undo a fill, stop, retry,
 * regenerate, continue a stopped answer, show another version of an answer, edit, copy, switch conversations.
 */
import { batch } from '@preact/signals';
import type { PanelCommand } from '../../lib/background/panel-port';
import { withUndo } from '../../lib/background/record-undo-outcome';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { UndoOutcome } from '../../lib/core/run-part';
import { showVersion } from '../../lib/storage/answer-versions';
import { t } from '../ui/t';
import { createSendActions, type SendActionDeps } from './chat-send-actions';
import type { ChatSignals } from './chat-signals';

export interface ChatActionDeps extends SendActionDeps {
  refreshConversations(): Promise<void>;
}

export function createChatActions(s: ChatSignals, { post, page, refreshConversations }: ChatActionDeps) {
  /** The command for the conversation shown, with the page context the user sees as chips. */
  const withPage = <C extends PanelCommand>(command: C): C => {
    const context = page.forSend();
    return context ? { ...command, page: context } : command;
  };
  const actions = {
    ...createSendActions(s, { post, page }),
    /** Undoes a fill; its card shows the outcome (the background keeps it, so it is there after a reopen too). */
    async undoFill(runId: string, toolCallId: string) {
      const undo = await sendToBackground('page.undoFill', { runId, toolCallId }).then(
        (r): UndoOutcome => ({ restored: r.restoredKeys, failed: r.failed }),
        (e: unknown): UndoOutcome => ({ error: e instanceof Error ? e.message : String(e) }),
      );
      const id = s.messages.value.find((m) => m.runId === runId)?.id;
      if (id) s.updateMessage(id, (m) => ({ ...m, parts: withUndo(m.parts ?? [], toolCallId, undo) }));
    },
    async inspect(runId: string) {
      return sendToBackground('runs.inspect', { runId });
    },
    /** The origins a link's address carries text from, read by this conversation's runs elsewhere (rejects when unknown). */
    async checkLinkEgress(url: string): Promise<string[]> {
      const id = s.conversation.value?.id;
      // No conversation yet: nothing was read, and no answer carries links.
      if (!id) return [];
      return (await sendToBackground('links.checkEgress', { conversationId: id, url })).from;
    },
    stop() {
      if (s.conversation.value) post({ type: 'stop', conversationId: s.conversation.value.id });
    },
    async retry() {
      if (!s.conversation.value) return;
      s.notice.value = null;
      s.running.value = true;
      post(withPage({ type: 'retry', conversationId: s.conversation.value.id }));
    },
    /** Answers the last question again; the last answer stays as an earlier version of the new one. */
    async regenerate() {
      if (!s.conversation.value) return;
      s.notice.value = null;
      post(withPage({ type: 'regenerate', conversationId: s.conversation.value.id }));
    },
    /** Asks the model to go on with the answer the user stopped; what it writes is added to that answer. */
    async continueAnswer() {
      if (!s.conversation.value) return;
      s.notice.value = null;
      s.running.value = true;
      post(withPage({ type: 'continue', conversationId: s.conversation.value.id }));
    },
    /** Shows version `index` (0-based) of an answer at once; the background stores it, and continues from it. */
    showVersion(messageId: string, index: number) {
      if (!s.conversation.value) return;
      s.updateMessage(messageId, (m) => showVersion(m, index));
      post({ type: 'show-version', conversationId: s.conversation.value.id, messageId, index });
    },
    /** Replaces a sent message and continues the conversation from it (later messages are replaced). */
    async edit(messageId: string, text: string) {
      if (!s.conversation.value || !text.trim()) return;
      s.notice.value = null;
      post(withPage({ type: 'edit', conversationId: s.conversation.value.id, messageId, text: text.trim() }));
    },
    deleteMessage(messageId: string) {
      if (s.conversation.value) post({ type: 'delete-message', conversationId: s.conversation.value.id, messageId });
    },
    /** Copies an answer's text (its Markdown source) to the clipboard; false when the browser refused. */
    async copy(text: string): Promise<boolean> {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch (e) {
        s.notice.value = t('notice_copy', (e as Error).message);
        return false;
      }
    },
    newChat() {
      batch(() => {
        // The model chosen in the panel goes on with the new chat (the conversation's own, or the one picked
        // before a first message); the default in Settings is not changed.
        s.modelForNewChat.value = s.conversation.value?.model ?? s.modelForNewChat.value;
        s.conversation.value = null;
        s.messages.value = [];
        s.running.value = false;
        s.queued.value = [];
        s.showHistory.value = false;
      });
      post({ type: 'subscribe', conversationId: null });
    },
    open(id: string) {
      s.showHistory.value = false;
      post({ type: 'subscribe', conversationId: id });
    },
    async remove(id: string) {
      await sendToBackground('conversations.delete', { id });
      if (s.conversation.value?.id === id) actions.newChat();
      await refreshConversations();
    },
    async chooseProvider(id: string) {
      await sendToBackground('settings.update', { defaultProviderId: id });
      s.defaultProviderId.value = id;
    },
    openSettings() {
      void chrome.runtime.openOptionsPage();
    },
  };
  return actions;
}
