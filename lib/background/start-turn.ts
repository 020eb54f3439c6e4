/**
 * Starting a turn: the run for the conversation's last user message, with its model, settings and history,
 * behind a placeholder answer the panel shows at once. A turn that cannot start leaves an error answer the
 * user can retry.
 */
import type { RunResult } from '../agent/agent-runtime';
import type { MessageRecord } from '../storage/records';
import type { ChatHub } from './chat-hub';
import type { PanelPageContext } from './panel-port';
import { toModelHistory } from './to-model-history';
import { toErrorInfo } from '../agent/to-error-info';

export type StartTurn = (
  conversationId: string,
  page: PanelPageContext | undefined,
  mentionedTabIds?: number[],
) => Promise<void>;

/** `startTurn` for the hub; `finalize` settles each run it starts. */
export function createTurnStarter(
  hub: ChatHub,
  finalize: (runId: string, result: RunResult) => Promise<void>,
): StartTurn {
  const { deps, starting, settling, broadcast } = hub;

  /** Stores an assistant message that is only an error, so the user sees it and can retry. */
  async function failTurn(conversationId: string, error: unknown) {
    const message: MessageRecord = {
      id: deps.generateId(),
      conversationId,
      role: 'assistant',
      text: '',
      status: 'error',
      createdAt: deps.now(),
      error: toErrorInfo(error),
    };
    await (await deps.store).putMessage(message);
    broadcast(conversationId, { type: 'message', message });
  }

  return async function startTurn(conversationId, page, mentionedTabIds) {
    starting.add(conversationId);
    try {
      await settling.get(conversationId);
      const store = await deps.store;
      const records = await store.listMessages(conversationId);
      const question = [...records].reverse().find((m) => m.role === 'user')?.text ?? '';
      const chosen = (await store.getConversation(conversationId))?.model;
      const [resolved, settings, runtime] = await Promise.all([
        deps.resolveModel(chosen),
        deps.runSettings(page, question, mentionedTabIds),
        deps.runtime(),
      ]);
      const history = toModelHistory(records);
      const placeholder: MessageRecord = {
        id: deps.generateId(),
        conversationId,
        role: 'assistant',
        text: '',
        status: 'streaming',
        createdAt: deps.now(),
        model: resolved.label,
        ...(resolved.unpriced ? { unpriced: true as const } : {}),
      };
      await store.putMessage(placeholder);
      broadcast(conversationId, { type: 'message', message: placeholder });
      const handle = await runtime.startRun({
        conversationId,
        messages: history,
        model: resolved.ref,
        settings,
        messageId: placeholder.id,
      });
      // Links the answer to its journal once; its content is written from the journal when the run settles.
      await store.putMessage({ ...placeholder, runId: handle.runId });
      void handle.done
        .then((result) => finalize(handle.runId, result))
        .catch((e: unknown) => console.error('finalising run failed', e));
    } catch (error) {
      await failTurn(conversationId, error).catch((e: unknown) => console.error('could not store the failed turn', e));
    } finally {
      starting.delete(conversationId);
    }
  };
}
