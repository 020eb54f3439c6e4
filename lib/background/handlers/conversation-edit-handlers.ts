/**
 * conversations.search, .rename, .trash and .restore: the history list's search and edits. A deleted
 * conversation is hidden at once and restorable for the undo window; only then are it, its run journals and
 * what the page tools kept about its runs purged (also on the next wake, if the worker died in between).
 */
import type { ConversationStore } from '../../storage/conversation-store';
import { searchConversations } from '../search-conversations';
import { userLanguages } from '../user-languages';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { Awaitable, HandlerSet } from './handler-set';
import { t } from '../../util/t';

/** How long Undo is offered after deleting a conversation. */
export const UNDO_WINDOW_MS = 8_000;

export interface ConversationEditDeps {
  conversations: Awaitable<ConversationStore>;
  chat: { isRunning(conversationId: string): boolean; stop(conversationId: string): Promise<void> };
  /** Deletes the conversation for good: messages, run journals, page targets (conversations.delete). */
  purge: (id: string) => Promise<void>;
  /** Tells panels showing the conversation that its title changed. */
  onRenamed?: (id: string) => void;
  now: () => number;
  undoWindowMs?: number;
}

export function createConversationEditHandlers(deps: ConversationEditDeps) {
  const windowMs = deps.undoWindowMs ?? UNDO_WINDOW_MS;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const purgeLater = (id: string, delayMs: number) => {
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(
        () => {
          timers.delete(id);
          deps.purge(id).catch((e: unknown) => console.error('purging a deleted conversation failed', e));
        },
        Math.max(0, delayMs),
      ),
    );
  };

  const handlers: HandlerSet<
    'conversations.search' | 'conversations.rename' | 'conversations.trash' | 'conversations.restore'
  > = {
    'conversations.search': async ({ query }) =>
      searchConversations(await deps.conversations, query, { languages: userLanguages() }),
    'conversations.rename': async ({ id, title }) => {
      const store = await deps.conversations;
      if (!(await store.getConversation(id))) throw new UserFacingError('not_found', t('bg_conversation_gone'));
      await store.renameConversation(id, title.replace(/\s+/g, ' ').trim());
      deps.onRenamed?.(id);
    },
    'conversations.trash': async ({ id }) => {
      const store = await deps.conversations;
      if (!(await store.getConversation(id))) throw new UserFacingError('not_found', t('bg_conversation_gone'));
      if (deps.chat.isRunning(id)) await deps.chat.stop(id);
      const at = deps.now();
      await store.markDeleted(id, at);
      purgeLater(id, windowMs);
      return { undoUntil: at + windowMs };
    },
    'conversations.restore': async ({ id }) => {
      const store = await deps.conversations;
      const c = await store.getConversation(id);
      if (!c || c.deletedAt === undefined) throw new UserFacingError('not_found', t('bg_too_late_to_undo'));
      clearTimeout(timers.get(id));
      timers.delete(id);
      await store.markDeleted(id, undefined);
    },
  };
  return {
    handlers,
    /** On wake: purge what waited out its window while the worker was stopped; re-arm the rest. */
    async purgeExpired(): Promise<void> {
      const store = await deps.conversations;
      for (const c of await store.listDeletedConversations()) purgeLater(c.id, c.deletedAt! + windowMs - deps.now());
    },
  };
}
