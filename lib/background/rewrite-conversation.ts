/**
 * The edits a user makes to a conversation's past: regenerate the last answer (the earlier one stays as a
 * version), continue a stopped answer, show another version of an answer, edit a sent message and continue
 * from it (later messages are replaced), delete one message. Each refuses while an answer is being written
 * (handle-panel-command.ts), so a run never loses the history it is answering.
 */
import type { ConversationStore } from '../storage/conversation-store';
import { showVersion, versionCount } from '../storage/answer-versions';
import type { MessageRecord } from '../storage/records';
import { UserFacingError } from '../messaging/user-facing-error';
import { t } from '../util/t';

/**
 * The answer Regenerate answers again (the new answer becomes its newest version), or undefined when the
 * conversation ends with the question itself; refuses when there is no question to answer.
 */
export async function answerToRegenerate(
  store: ConversationStore,
  conversationId: string,
): Promise<MessageRecord | undefined> {
  const messages = await store.listMessages(conversationId);
  const last = messages.at(-1);
  if (!last) throw new UserFacingError('not_found', t('bg_nothing_to_regenerate'));
  if (!messages.some((m) => m.role === 'user')) throw new UserFacingError('not_found', t('bg_no_question'));
  return last.role === 'assistant' ? last : undefined;
}

/** The answer Continue goes on with: the conversation's last message, an answer the user stopped. */
export async function answerToContinue(store: ConversationStore, conversationId: string): Promise<MessageRecord> {
  const last = (await store.listMessages(conversationId)).at(-1);
  if (last?.role !== 'assistant' || last.status !== 'stopped')
    throw new UserFacingError('invalid', t('bg_nothing_to_continue'));
  return last;
}

/** Shows version `index` (0-based) of an answer: the conversation continues from it. Returns the stored record. */
export async function showAnswerVersion(
  store: ConversationStore,
  conversationId: string,
  messageId: string,
  index: number,
): Promise<MessageRecord> {
  const message = await store.getMessage(messageId);
  if (!message || message.conversationId !== conversationId)
    throw new UserFacingError('not_found', t('bg_message_gone'));
  if (index >= versionCount(message)) throw new UserFacingError('not_found', t('bg_version_gone'));
  const shown = showVersion(message, index);
  if (shown !== message) await store.putMessage(shown);
  return shown;
}

/** Replaces the text of a sent user message and deletes everything after it. */
export async function editUserMessage(
  store: ConversationStore,
  conversationId: string,
  messageId: string,
  text: string,
): Promise<MessageRecord> {
  const messages = await store.listMessages(conversationId);
  const i = messages.findIndex((m) => m.id === messageId);
  const original = messages[i];
  if (!original) throw new UserFacingError('not_found', t('bg_message_gone'));
  if (original.role !== 'user') throw new UserFacingError('invalid', t('bg_edit_own_only'));
  for (const later of messages.slice(i + 1)) await store.deleteMessage(later.id);
  // The edited message keeps its place (its createdAt): everything after it is gone. Its text was rewritten
  // in a plain box, so its mentions no longer say where they are: they go (the answer reads no mentioned tab).
  const { mentions: _mentions, ...rest } = original;
  const edited: MessageRecord = { ...rest, text };
  await store.putMessage(edited);
  return edited;
}

export async function deleteOneMessage(
  store: ConversationStore,
  conversationId: string,
  messageId: string,
): Promise<void> {
  const message = await store.getMessage(messageId);
  if (!message || message.conversationId !== conversationId)
    throw new UserFacingError('not_found', t('bg_message_gone'));
  await store.deleteMessage(messageId);
}
