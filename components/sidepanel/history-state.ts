/**
 * The history list's state: search (titles and message text), rename, delete with Undo for a few seconds, and
 * export of one conversation. The background keeps a deleted conversation restorable for the undo window.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { ConversationHit } from '../../lib/background/search-conversations';
import type { ExportFormat } from '../ui/export-conversation';
import { downloadText } from '../ui/download-text';
import type { ChatState } from './chat-state';
import { t } from '../ui/t';

export interface PendingUndo {
  id: string;
  title: string;
  until: number;
}

export function createHistoryState(
  chat: Pick<ChatState, 'conversation' | 'notice' | 'newChat' | 'refreshConversations' | 'showHistory'>,
) {
  const query = signal('');
  /** Search results; null when no search is typed (the full list shows). */
  const hits = signal<ConversationHit[] | null>(null);
  const undo = signal<PendingUndo | null>(null);
  let searchSeq = 0;
  let undoTimer: ReturnType<typeof setTimeout> | undefined;

  const fail =
    (what: 'notice_search' | 'notice_rename' | 'notice_delete' | 'notice_undo' | 'notice_export') => (e: unknown) => {
      chat.notice.value = t(what, (e as Error).message);
    };

  async function search(text: string) {
    query.value = text;
    const seq = ++searchSeq;
    if (!text.trim()) {
      hits.value = null;
      return;
    }
    try {
      const found = await sendToBackground('conversations.search', { query: text });
      // A slower earlier search must not overwrite a newer one's results.
      if (seq === searchSeq) hits.value = found;
    } catch (e) {
      fail('notice_search')(e);
    }
  }

  const refresh = async () => {
    await chat.refreshConversations();
    if (query.value.trim()) await search(query.value);
  };

  return {
    query,
    hits,
    undo,
    search,
    async rename(id: string, title: string) {
      if (!title.trim()) return;
      await sendToBackground('conversations.rename', { id, title }).catch(fail('notice_rename'));
      await refresh();
    },
    async remove(id: string, title: string) {
      try {
        const { undoUntil } = await sendToBackground('conversations.trash', { id });
        if (chat.conversation.value?.id === id) {
          // Off the deleted conversation, but the list (and its Undo) stays where the user is.
          chat.newChat();
          chat.showHistory.value = true;
        }
        clearTimeout(undoTimer);
        undo.value = { id, title, until: undoUntil };
        undoTimer = setTimeout(
          () => {
            if (undo.value?.id === id) undo.value = null;
          },
          Math.max(0, undoUntil - Date.now()),
        );
        await refresh();
      } catch (e) {
        fail('notice_delete')(e);
      }
    },
    async undoDelete() {
      const pending = undo.value;
      if (!pending) return;
      undo.value = null;
      clearTimeout(undoTimer);
      await sendToBackground('conversations.restore', { id: pending.id }).catch(fail('notice_undo'));
      await refresh();
    },
    dismissUndo() {
      undo.value = null;
      clearTimeout(undoTimer);
    },
    async exportAs(id: string, format: ExportFormat) {
      try {
        // The exporters load on the first export, not with the panel.
        const [{ conversation, messages }, { conversationToJson, conversationToMarkdown, exportFileName }] =
          await Promise.all([sendToBackground('conversations.get', { id }), import('../ui/export-conversation')]);
        const text =
          format === 'json'
            ? conversationToJson(conversation, messages)
            : conversationToMarkdown(conversation, messages);
        downloadText(
          text,
          exportFileName(conversation.title, format),
          format === 'json' ? 'application/json' : 'text/markdown',
        );
      } catch (e) {
        fail('notice_export')(e);
      }
    },
  };
}

export type HistoryState = ReturnType<typeof createHistoryState>;
