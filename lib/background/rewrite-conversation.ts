/**
 * The edits a user makes to a conversation's past: regenerate the last answer, edit a sent message and
 * continue from it (later messages are replaced), delete one message. Each refuses while an answer is being
 * written, so a run never loses the history it is answering.
 */
import type { ConversationStore } from '../storage/conversation-store';
import type { MessageRecord } from '../storage/records';
import { UserFacingError } from '../messaging/user-facing-error';
import { t } from '../util/t';

/** Removes the last answer so the last user message can be answered again; says which message is answered. */
export async function dropLastAnswer(store: ConversationStore, conversationId: string): Promise<MessageRecord> {
  const messages = await store.listMessages(conversationId);
  const last = messages.at(-1);
  if (!last) throw new UserFacingError('not_found', t('bg_nothing_to_regenerate'));
  if (last.role === 'assistant') await store.deleteMessage(last.id);
  const question = [...messages].reverse().find((m) => m.role === 'user');
  if (!question) throw new UserFacingError('not_found', t('bg_no_question'));
  return question;
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
