/**
 * Settling a run's answer: once the run ends, its message record is written from the journal (the only
 * checkpoint of an answer), messages queued during the run become the next user messages, and the first
 * exchange of a conversation gets its title. A continued answer (turn-answer.ts) keeps what it had before the
 * run: the run's parts, model messages and usage are added to it.
 */
import type { RunResult } from '../agent/agent-runtime';
import { foldRunEvents, runText } from '../agent/run-view';
import { emptyUsage } from '../providers/chat-model';
import type { ModelRef } from '../agent/model-ref';
import type { MessageRecord, MessageStatus } from '../storage/records';
import type { ChatHub, LiveRun } from './chat-hub';
import { mentionsForModel } from '../core/message-mention';
import { joinModelMessages } from './join-model-messages';
import { sumRunUsage } from './sum-run-usage';

const statusFor: Record<RunResult['reason'], MessageStatus> = {
  stop: 'complete',
  length: 'complete',
  'step-limit': 'complete',
  stopped: 'stopped',
  error: 'error',
};

/** `finalize(runId, result)` for the hub; `startNext` answers the queued messages a stopped run left. */
export function createAnswerSettler(hub: ChatHub, startNext: (conversationId: string) => void) {
  const { deps, runs, byConversation, settling, queued, broadcast, postQueue } = hub;

  /** Writes the answer's record from the run's journal once the run has settled. */
  function finalize(runId: string, result: RunResult): Promise<void> {
    const live = runs.get(runId);
    if (!live || result.abandoned) return Promise.resolve();
    // A message sent from now on starts a new turn, which waits until this answer is stored.
    byConversation.delete(live.conversationId);
    const done = storeAnswer(runId, live, result).finally(() => {
      runs.delete(runId);
      if (settling.get(live.conversationId) === settled) settling.delete(live.conversationId);
    });
    const settled = done.catch(() => undefined);
    settling.set(live.conversationId, settled);
    return done;
  }

  async function storeAnswer(runId: string, live: LiveRun, result: RunResult) {
    const store = await deps.store;
    const [current, events] = await Promise.all([
      store.getMessage(live.messageId),
      (await deps.runtime()).replayRun(runId),
    ]);
    if (!current) return;
    // A new answer's record holds nothing yet; a continued one holds what it showed before this run.
    const parts = foldRunEvents(runId, events, current.parts ?? []).parts;
    const usage = sumRunUsage(events, { ...(current.usage ?? emptyUsage()) });
    // A price the user set is for the model the run started with: a run that fell back to another loses it.
    const { price, ...rest } = current;
    const fellBack = result.modelLabel !== undefined && result.modelLabel !== current.model;
    const final: MessageRecord = {
      ...rest,
      ...(price && !fellBack ? { price } : {}),
      // The model that wrote the answer: a run that fell back is labelled with the model it moved to.
      ...(result.modelLabel ? { model: result.modelLabel } : {}),
      runId,
      parts,
      text: runText(parts),
      ...(usage.inputTokens + usage.outputTokens > 0 ? { usage } : {}),
      modelMessages: joinModelMessages(current.modelMessages, result.messages),
      status: statusFor[result.reason],
      finish: result.reason,
      ...(result.error ? { error: result.error } : {}),
    };
    // Shown at once (Stop must feel instant); a panel that subscribes before the write lands still gets the
    // run's view, because the run stays listed as live until then.
    broadcast(live.conversationId, { type: 'message', message: final });
    await store.putMessage(final);
    if (final.status === 'complete' && !result.replayed)
      void maybeTitle(live.conversationId, result.model).catch((e: unknown) =>
        console.warn('title generation failed', e),
      );
    await keepQueued(runId, live.conversationId, result.reason);
  }

  /**
   * Messages the run never took in (it was stopped or failed) become the conversation's next user messages.
   * After Stop they are answered next, as the panel promised; after an error they wait for Retry.
   */
  async function keepQueued(runId: string, conversationId: string, reason: RunResult['reason']) {
    const left = queued.take(runId);
    if (left.length === 0) return;
    const store = await deps.store;
    for (const m of left) {
      const user: MessageRecord = {
        id: m.id,
        conversationId,
        role: 'user',
        text: m.text,
        status: 'complete',
        createdAt: deps.now(),
      };
      await store.putMessage(user);
      broadcast(conversationId, { type: 'message', message: user });
    }
    postQueue(conversationId, undefined);
    if (reason === 'stopped') startNext(conversationId);
  }

  async function maybeTitle(conversationId: string, model: ModelRef) {
    if (!deps.generateTitle) return;
    const store = await deps.store;
    const messages = await store.listMessages(conversationId);
    const users = messages.filter((m) => m.role === 'user');
    const answer = messages.find((m) => m.role === 'assistant' && m.status === 'complete');
    if (users.length !== 1 || !answer) return;
    // The question as the model read it: a mentioned tab by its id, never its title (page text).
    const question = mentionsForModel(users[0]!.text, users[0]!.mentions);
    const title = (await deps.generateTitle(question, answer.text, model))?.trim();
    if (!title) return;
    await store.renameConversation(conversationId, title);
    const conversation = await store.getConversation(conversationId);
    if (conversation) broadcast(conversationId, { type: 'conversation-updated', conversation });
  }

  return finalize;
}
