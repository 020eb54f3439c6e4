/** conversations.*: the history list, one conversation, and deletion (which stops its run and takes its journal). */
import type { RunJournal } from '../../agent/run-journal';
import type { AttachmentStore } from '../../storage/attachment-store';
import type { ConversationStore } from '../../storage/conversation-store';
import type { PageTargetForgetter } from '../forget-page-targets';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { Awaitable, HandlerSet } from './handler-set';
import { t } from '../../util/t';

export interface ConversationHandlerDeps {
  conversations: Awaitable<ConversationStore>;
  journal: Awaitable<Pick<RunJournal, 'deleteConversation' | 'listRuns'>>;
  /** The chat service's view of runs: is one running here, and stop it (resolves once it has stopped). */
  chat: { isRunning(conversationId: string): boolean; stop(conversationId: string): Promise<void> };
  /** What the page tools kept about the conversation's runs (page URLs and documents). */
  pageTargets?: Pick<PageTargetForgetter, 'forgetRuns'>;
  /** The files attached to its messages. */
  attachments?: Pick<AttachmentStore, 'deleteConversation'>;
  /** The Activity log: the conversation's lines stay, without their page text. */
  activity?: { forgetConversation(conversationId: string): Promise<void> };
}

export function createConversationHandlers(
  deps: ConversationHandlerDeps,
): HandlerSet<'conversations.list' | 'conversations.get' | 'conversations.delete'> {
  return {
    'conversations.list': async () => (await deps.conversations).listConversations(),
    'conversations.get': async ({ id }) => {
      const conversations = await deps.conversations;
      const conversation = await conversations.getConversation(id);
      if (!conversation) throw new UserFacingError('not_found', t('bg_conversation_gone'));
      return { conversation, messages: await conversations.listMessages(id) };
    },
    'conversations.delete': async ({ id }) => {
      if (deps.chat.isRunning(id)) await deps.chat.stop(id);
      await (await deps.conversations).deleteConversation(id);
      // The conversation's run journals go with it, and what the page tools kept about those runs:
      // nothing of a deleted conversation stays behind but its activity lines, stripped of page text.
      const journal = await deps.journal;
      const runIds = (await journal.listRuns(id)).map((r) => r.id);
      await journal.deleteConversation(id);
      await deps.pageTargets?.forgetRuns(runIds);
      await deps.attachments?.deleteConversation(id);
      await deps.activity?.forgetConversation(id);
    },
  };
}
