/**
 * The Schedules page's list: each scheduled run as the protocol shows it, with what its conversation's answer
 * cost and how it ended.
 */
import type { ConversationStore } from '../storage/conversation-store';
import type { ScheduledRun } from '../storage/scheduled-run-store';
import type { ScheduledRunsView } from './protocol';

export async function scheduledRunView(
  r: ScheduledRun,
  store: Pick<ConversationStore, 'listMessages'>,
): Promise<ScheduledRunsView['runs'][number]> {
  const answer = r.conversationId
    ? (await store.listMessages(r.conversationId)).findLast((m) => m.role === 'assistant')
    : undefined;
  return {
    key: r.key,
    taskName: r.taskName,
    slot: r.slot,
    status: r.status,
    ...(r.missed ? { missed: r.missed } : {}),
    ...(r.startedAt ? { startedAt: r.startedAt } : {}),
    ...(r.finishedAt ? { finishedAt: r.finishedAt } : {}),
    ...(r.conversationId ? { conversationId: r.conversationId } : {}),
    ...(r.note ? { note: r.note } : {}),
    ...(answer
      ? {
          answer: {
            status: answer.status,
            ...(answer.usage ? { usage: answer.usage } : {}),
            ...(answer.model ? { model: answer.model } : {}),
            ...(answer.price ? { price: answer.price } : {}),
            ...(answer.unpriced ? { unpriced: answer.unpriced } : {}),
          },
        }
      : {}),
  };
}
