/**
 * data.deleteAll: "Delete all data" in settings. Conversations and their messages, every run journal,
 * memories, site approvals ("always allow"), telemetry, the Activity log, what the page tools kept about runs, and the folder
 * picked in Settings → Documents (its handle and its documents in the index) are deleted;
 * providers, keys and settings stay, so the assistant still works afterwards.
 */
import type { ConversationStore } from '../../storage/conversation-store';
import type { PageTargetForgetter } from '../forget-page-targets';
import type { Awaitable, HandlerSet } from './handler-set';

export interface DataHandlerDeps {
  conversations: Awaitable<ConversationStore>;
  chat: { isRunning(conversationId: string): boolean; stop(conversationId: string): Promise<void> };
  /** Empties the agent database: run journals, memories, site policies, telemetry. */
  clearAgentData(): Promise<void>;
  pageTargets: Pick<PageTargetForgetter, 'forgetAll'>;
  /** Forgets the picked folder (its handle) and takes its documents out of the index. */
  forgetFolder?(): Promise<void>;
}

export function createDataHandlers(deps: DataHandlerDeps): HandlerSet<'data.deleteAll'> {
  return {
    'data.deleteAll': async () => {
      const conversations = await deps.conversations;
      const all = await conversations.listConversations();
      // Conversations waiting out their undo window go too (they are not counted: the user deleted them already).
      const trashed = await conversations.listDeletedConversations();
      // A live run would write its journal and messages again after the clear: stop every one first.
      await Promise.all(all.filter((c) => deps.chat.isRunning(c.id)).map((c) => deps.chat.stop(c.id)));
      for (const c of [...all, ...trashed]) await conversations.deleteConversation(c.id);
      await deps.clearAgentData();
      await deps.pageTargets.forgetAll();
      await deps.forgetFolder?.();
      return { conversations: all.length };
    },
  };
}
