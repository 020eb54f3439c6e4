/**
 * Starting a turn: the run for the conversation's last user message, with its model, settings and history,
 * behind a placeholder answer the panel shows at once. A turn that cannot start leaves an error answer the
 * user can retry. The answer may be a new version of an earlier one or the rest of a stopped one (turn-answer.ts).
 */
import { afterRequestLeaves } from '../util/request-left';
import type { RunResult } from '../agent/agent-runtime';
import type { ConversationRecord, MessageRecord } from '../storage/records';
import type { ChatHub } from './chat-hub';
import type { PanelPageContext } from './panel-port';
import { startingRecord, turnHistory, type TurnAnswer } from './turn-answer';
import { toErrorInfo } from '../core/to-error-info';
import { buildModelChain } from '../agent/model-fallback';
import type { ReplaySettings } from '../agent/replay-model';
import type { RunSettings } from '../agent/run-settings';
import { mark } from '../util/marks';

/** A replay's settings: its steps, and room for a snapshot and an action each (with retries) before a pause. */
const replaySettings = (settings: RunSettings, replay: ReplaySettings): RunSettings => ({
  ...settings,
  replay,
  maxSteps: Math.max(settings.maxSteps ?? 0, replay.steps.length * 2 + 2),
});

/**
 * A user message just sent, handed to the turn while its write is under way, with the conversation and its
 * earlier messages as read before that write (so the turn's reads do not wait for it).
 */
export interface PendingMessage {
  message: MessageRecord;
  stored: Promise<void>;
  conversation?: Promise<ConversationRecord | undefined>;
  earlier?: Promise<MessageRecord[]>;
  /** A recording to replay (task-run-plan.ts): the run's steps come from it. */
  replay?: ReplaySettings;
}

export type StartTurn = (
  conversationId: string,
  page: PanelPageContext | undefined,
  mentionedTabIds?: number[],
  pending?: PendingMessage,
  answer?: TurnAnswer,
) => Promise<void>;

/** `startTurn` for the hub; `finalize` settles each run it starts. */
export function createTurnStarter(
  hub: ChatHub,
  finalize: (runId: string, result: RunResult) => Promise<void>,
): StartTurn {
  const { deps, starting, settling, broadcast } = hub;

  /** Stores an assistant message that is only an error, so the user sees it and can retry. */
  async function failTurn(conversationId: string, error: unknown, answer: TurnAnswer | undefined) {
    const fresh: MessageRecord = {
      id: deps.generateId(),
      conversationId,
      role: 'assistant',
      text: '',
      status: 'error',
      createdAt: deps.now(),
    };
    // A new version that could not start is the newest version, an error; a continued answer keeps its text.
    const message: MessageRecord = { ...startingRecord(answer, fresh), error: toErrorInfo(error) };
    await (await deps.store).putMessage(message);
    broadcast(conversationId, { type: 'message', message });
  }

  return async function startTurn(conversationId, page, mentionedTabIds, pending, answer) {
    starting.add(conversationId);
    mark('turn');
    try {
      await settling.get(conversationId);
      const store = await deps.store;
      // What the request needs is read at once and in parallel; what it does not (the placeholder's record,
      // the user message's own write) is written meanwhile and awaited only once the request is on its way.
      const listed = pending?.earlier ?? store.listMessages(conversationId);
      const conversation = pending?.conversation ?? store.getConversation(conversationId);
      const early = pending && deps.runSettings(page, pending.message.text, mentionedTabIds);
      const records = withPending(await listed, pending?.message);
      mark('turn-listed');
      const question = [...records].reverse().find((m) => m.role === 'user')?.text ?? '';
      const attached = records.some((m) => m.attachments?.length) ? deps.attachments?.forRun(records) : undefined;
      const [resolved, userSettings, runtime, files] = await Promise.all([
        conversation.then((c) => deps.resolveModel(c?.model, c?.fallbackModels)),
        early ?? deps.runSettings(page, question, mentionedTabIds),
        deps.runtime(),
        attached,
      ]);
      mark('turn-ready');
      const chain = buildModelChain(resolved, resolved.fallbacks ?? []);
      const withFiles = files?.length ? { ...userSettings, attachments: files } : userSettings;
      const chained = chain.length > 1 ? { ...withFiles, modelChain: chain } : withFiles;
      const settings = pending?.replay ? replaySettings(chained, pending.replay) : chained;
      const history = turnHistory(records, answer);
      const placeholder = startingRecord(answer, {
        id: deps.generateId(),
        conversationId,
        role: 'assistant',
        text: '',
        status: 'streaming',
        createdAt: deps.now(),
        model: resolved.label,
        ...(resolved.unpriced ? { unpriced: true as const } : {}),
        ...(resolved.price ? { price: resolved.price } : {}),
      });
      const placed = afterRequestLeaves().then(() => store.putMessage(placeholder));
      placed.catch(() => undefined); // awaited below; this only keeps a failure before then from being unhandled
      broadcast(conversationId, { type: 'message', message: placeholder });
      const handle = await runtime.startRun({
        conversationId,
        messages: history,
        model: resolved.ref,
        settings,
        messageId: placeholder.id,
      });
      await Promise.all([placed, pending?.stored]);
      // Links the answer to its journal once; its content is written from the journal when the run settles.
      await store.putMessage({ ...placeholder, runId: handle.runId });
      void handle.done
        .then((result) => finalize(handle.runId, result))
        .catch((e: unknown) => console.error('finalising run failed', e));
    } catch (error) {
      await failTurn(conversationId, error, answer).catch((e: unknown) =>
        console.error('could not store the failed turn', e),
      );
    } finally {
      starting.delete(conversationId);
    }
  };
}

/** The conversation's messages with the one just sent, whether or not its write has landed yet. */
function withPending(records: MessageRecord[], message: MessageRecord | undefined): MessageRecord[] {
  if (!message || records.some((m) => m.id === message.id)) return records;
  return [...records, message];
}
