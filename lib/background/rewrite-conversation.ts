/**
 * The edits a user makes to a conversation's past: regenerate the last answer, edit a sent message and
 * continue from it (later messages are replaced), delete one message. Each refuses while an answer is being
 * written, so a run never loses the history it is answering.
 */
import type { ConversationStore } from '../storage/conversation-store';
import type { MessageRecord } from '../storage/records';
import { UserFacingError } from './user-facing-error';

/** Removes the last answer so the last user message can be answered again; says which message is answered. */
export async function dropLastAnswer(store: ConversationStore, conversationId: string): Promise<MessageRecord> {
  const messages = await store.listMessages(conversationId);
  const last = messages.at(-1);
  if (!last) throw new UserFacingError('not_found', 'Nothing to regenerate.');
  if (last.role === 'assistant') await store.deleteMessage(last.id);
  const question = [...messages].reverse().find((m) => m.role === 'user');
  if (!question) throw new UserFacingError('not_found', 'There is no question to answer again.');
  return question;
}

/** Replaces the text of a sent user message and deletes everything after it. */
export async function editUserMessage(store: ConversationStore, conversationId: string, messageId: string, text: string): Promise<MessageRecord> {
  const messages = await store.listMessages(conversationId);
  const i = messages.findIndex((m) => m.id === messageId);
  const original = messages[i];
  if (!original) throw new UserFacingError('not_found', 'That message no longer exists.');
  if (original.role !== 'user') throw new UserFacingError('invalid', 'Only your own messages can be edited.');
  for (const later of messages.slice(i + 1)) await store.deleteMessage(later.id);
  // The edited message keeps its place (its createdAt): everything after it is gone.
  const edited: MessageRecord = { ...original, text };
  await store.putMessage(edited);
  return edited;
}

export async function deleteOneMessage(store: ConversationStore, conversationId: string, messageId: string): Promise<void> {
  const message = await store.getMessage(messageId);
  if (!message || message.conversationId !== conversationId) throw new UserFacingError('not_found', 'That message no longer exists.');
  await store.deleteMessage(messageId);
}
