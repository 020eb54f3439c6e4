/**
 * What each panel command does: subscribe, send (a new conversation, a new turn, or a message that joins the
 * live run), retry, stop, regenerate, continue a stopped answer, show a version of an answer, edit, delete a
 * message, and the user's decision on an approval card.
 */
import type { AgentRuntime, ApprovalOutcome } from '../agent/agent-runtime';
import type { ConversationRecord, MessageRecord } from '../storage/records';
import type { ConversationStore } from '../storage/conversation-store';
import { userInputInbox } from '../tools/user-input-inbox';
import { t } from '../util/t';
import { afterRequestLeaves } from '../util/request-left';
import type { ChatHub, PanelPortLike } from './chat-hub';
import type { PanelCommand } from './panel-port';
import {
  answerToContinue,
  answerToRegenerate,
  deleteOneMessage,
  editUserMessage,
  showAnswerVersion,
} from './rewrite-conversation';
import type { StartTurn } from './start-turn';
import { firstWordsTitle } from './generate-title';
import { UserFacingError } from '../messaging/user-facing-error';
import { validMentions } from '../core/message-mention';
import { mark } from '../util/marks';

type SendCommand = Extract<PanelCommand, { type: 'send' }>;

/** Stops the conversation's run, if one is live (or being resumed on wake); resolves once it has stopped. */
export async function stopConversation(hub: ChatHub, conversationId: string): Promise<void> {
  await hub.resumed;
  const runId = hub.byConversation.get(conversationId);
  if (runId) await (await hub.deps.runtime()).stop(runId);
}

/** A message during a run joins that run before its next model call; until then it is queued. */
async function joinLiveRun(hub: ChatHub, conversationId: string, runId: string, command: SendCommand, text: string) {
  hub.queued.add(runId, { id: command.clientId, text });
  hub.postQueue(conversationId, runId);
  try {
    await (await hub.deps.runtime()).interject(runId, text);
  } catch (error) {
    hub.queued.accept(runId, text);
    hub.postQueue(conversationId, runId);
    throw error;
  }
}

/**
 * A new conversation for the first message, its title the message's first words; the Port follows it. Its
 * record is written meanwhile: `created` settles when it has landed.
 */
function newConversation(
  hub: ChatHub,
  store: ConversationStore,
  port: PanelPortLike,
  command: SendCommand,
  text: string,
): { conversation: ConversationRecord; created: Promise<void> } {
  const at = hub.deps.now();
  const conversation: ConversationRecord = {
    id: hub.deps.generateId(),
    title: firstWordsTitle(text),
    createdAt: at,
    updatedAt: at,
    ...(command.model ? { model: command.model } : {}),
  };
  const created = store.createConversation(conversation);
  hub.subscriptions.set(port, conversation.id);
  port.postMessage({ type: 'conversation-created', conversation, clientId: command.clientId });
  return { conversation, created };
}

async function send(
  hub: ChatHub,
  startTurn: StartTurn,
  store: ConversationStore,
  port: PanelPortLike,
  command: SendCommand,
) {
  mark('send');
  const text = command.text.trim();
  if (!text) throw new UserFacingError('invalid', t('bg_type_message_first'));
  const existingId = command.conversationId;
  // What the turn reads is asked for before anything is written: a read queued behind the user message's
  // write would wait for it to commit, and the request waits for the read.
  const existing = existingId ? store.getConversation(existingId) : undefined;
  const earlier = existingId ? store.listMessages(existingId) : undefined;
  earlier?.catch(() => undefined); // read again by the turn if this one is not used
  if (existingId && !(await existing)) throw new UserFacingError('not_found', t('bg_conversation_gone'));
  const liveRunId = existingId ? hub.byConversation.get(existingId) : undefined;
  // A recording replays in a turn of its own, never as a message joining a run.
  if (liveRunId && command.task) throw new UserFacingError('busy', t('bg_wait_or_stop'));
  if (liveRunId && existingId) return joinLiveRun(hub, existingId, liveRunId, command, text);
  const plan =
    command.task && hub.deps.taskRunPlan && (await hub.deps.taskRunPlan(command.task.id, command.task.values));
  if (existingId && hub.starting.has(existingId)) throw new UserFacingError('busy', t('bg_answer_starting'));
  const fresh = existingId ? undefined : newConversation(hub, store, port, command, text);
  const conversationId = existingId ?? fresh!.conversation.id;
  // Only mentions that hold for the text are kept: a pill always names what the sentence says there.
  const mentions = validMentions(text, command.mentions);
  const attachments =
    command.attachments?.length && hub.deps.attachments
      ? await hub.deps.attachments.link(command.attachments, conversationId, command.clientId)
      : [];
  const user: MessageRecord = {
    id: command.clientId,
    conversationId,
    role: 'user',
    text,
    status: 'complete',
    createdAt: hub.deps.now(),
    ...(mentions.length ? { mentions } : {}),
    ...(attachments.length ? { attachments } : {}),
  };
  // The turn starts while the message is stored: it is handed over, so the request need not wait for the write.
  // A new conversation's message is written once the conversation is (never a message without one).
  // The write waits until the run's request has left (util/request-left.ts): it would take the request's CPU.
  const stored = Promise.all([fresh?.created, afterRequestLeaves()]).then(() => store.putMessage(user));
  hub.broadcast(conversationId, { type: 'message', message: user });
  const mentionedTabIds = [...new Set(mentions.map((m) => m.tabId))];
  const context = fresh
    ? { conversation: Promise.resolve(fresh.conversation), earlier: Promise.resolve([]) }
    : { conversation: existing!, earlier: earlier! };
  const replay = plan?.replay ? { replay: plan.replay } : {};
  void startTurn(conversationId, command.page, mentionedTabIds, { message: user, stored, ...context, ...replay });
  await stored;
}

async function retry(
  hub: ChatHub,
  startTurn: StartTurn,
  store: ConversationStore,
  command: Extract<PanelCommand, { type: 'retry' }>,
) {
  const { conversationId } = command;
  if (hub.isBusy(conversationId)) throw new UserFacingError('busy', t('bg_answer_busy'));
  const messages = await store.listMessages(conversationId);
  const last = messages[messages.length - 1];
  if (!last) throw new UserFacingError('not_found', t('bg_nothing_to_retry'));
  if (last.role === 'assistant' && last.status !== 'error')
    throw new UserFacingError('invalid', t('bg_retry_only_failed'));
  // The failed answer's place takes the new one; earlier versions of it (Regenerate's) stay.
  const answer = last.role === 'assistant' ? { kind: 'version-of' as const, earlier: last } : undefined;
  void startTurn(conversationId, command.page, undefined, undefined, answer);
}

/** Regenerate, Continue and switching versions: none while an answer is being written. */
async function reviseAnswer(
  hub: ChatHub,
  startTurn: StartTurn,
  store: ConversationStore,
  command: Extract<PanelCommand, { type: 'regenerate' | 'continue' | 'show-version' }>,
) {
  const { conversationId } = command;
  if (hub.isBusy(conversationId)) throw new UserFacingError('busy', t('bg_wait_or_stop'));
  if (command.type === 'show-version') {
    const message = await showAnswerVersion(store, conversationId, command.messageId, command.index);
    hub.broadcast(conversationId, { type: 'message', message });
    return;
  }
  if (command.type === 'continue') {
    const stopped = await answerToContinue(store, conversationId);
    void startTurn(conversationId, command.page, undefined, undefined, { kind: 'continue', stopped });
    return;
  }
  const earlier = await answerToRegenerate(store, conversationId);
  void startTurn(conversationId, command.page, undefined, undefined, earlier && { kind: 'version-of', earlier });
}

/**
 * The user's decision on a card. It may come twice (the panel resends what it was not told arrived) or after the
 * run ended: both are answered with what became of it, never thrown, so the card can say so. A run the worker has
 * not resumed yet (it was stopped while the card waited) still takes it: the runtime stores it for the run.
 */
function decide(runtime: AgentRuntime, command: Extract<PanelCommand, { type: 'approval' }>): Promise<ApprovalOutcome> {
  const { runId, toolCallId, decision } = command;
  // What the user typed on the card waits in memory for this one call (see user-input-inbox.ts), handed over
  // only when this copy of the decision is the one taken.
  const typed = {
    ...(command.secret ? { secret: command.secret } : {}),
    ...(command.note ? { note: command.note } : {}),
  };
  const hand = decision !== 'denied' && (typed.secret || typed.note);
  return runtime.resolveApproval(runId, toolCallId, decision, () => {
    if (hand) userInputInbox.put(runId, toolCallId, typed);
  });
}

/** Handles one validated command from `port`; resolves with the answer a decision gets (see `decide`). */
export async function handlePanelCommand(
  hub: ChatHub,
  startTurn: StartTurn,
  port: PanelPortLike,
  command: PanelCommand,
): Promise<ApprovalOutcome | void> {
  const store = await hub.deps.store;
  switch (command.type) {
    case 'subscribe':
      hub.subscriptions.set(port, command.conversationId);
      return hub.snapshot(port, command.conversationId);
    case 'send':
      return send(hub, startTurn, store, port, command);
    case 'retry':
      return retry(hub, startTurn, store, command);
    case 'stop':
      return stopConversation(hub, command.conversationId);
    case 'regenerate':
    case 'continue':
    case 'show-version':
      return reviseAnswer(hub, startTurn, store, command);
    case 'edit':
    case 'delete-message': {
      const { conversationId } = command;
      if (hub.isBusy(conversationId)) throw new UserFacingError('busy', t('bg_wait_or_stop'));
      if (command.type === 'edit') await editUserMessage(store, conversationId, command.messageId, command.text.trim());
      else await deleteOneMessage(store, conversationId, command.messageId);
      // Every panel showing the conversation redraws it from the store.
      await hub.resnapshot(conversationId);
      if (command.type === 'edit') void startTurn(conversationId, command.page);
      return;
    }
    case 'approval':
      return decide(await hub.deps.runtime(), command);
  }
}
