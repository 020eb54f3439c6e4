/**
 * One assistant turn without tools: stream the model into an assistant message, checkpointing the text at
 * least every 500 ms, and end it as complete, stopped or error. Nothing here knows about Ports or Chrome.
 */
import type { AgentEvent } from '../agent/agent-event';
import type { ChatMessage, ChatModel, Usage } from '../providers/chat-model';
import { mapProviderError } from '../providers/map-provider-error';
import type { ConversationStore } from '../storage/conversation-store';
import type { MessageRecord } from '../storage/records';

export interface ChatTurnDeps {
  store: ConversationStore;
  emit: (event: AgentEvent) => void;
  /** Called whenever the stored assistant message changes state (created, checkpointed, finished). */
  onMessage: (message: MessageRecord) => void;
  now: () => number;
  generateId: () => string;
  checkpointMs?: number;
}

export interface ChatTurnInput {
  conversationId: string;
  model: ChatModel;
  modelLabel: string;
  system: string;
  signal: AbortSignal;
}

/** The conversation as the model sees it: user turns and whatever assistant text the user saw. */
export function toChatHistory(messages: MessageRecord[]): ChatMessage[] {
  return messages.flatMap((m): ChatMessage[] => {
    if (m.role === 'user') return [{ role: 'user', content: [{ type: 'text', text: m.text }] }];
    if (m.status === 'error' || m.status === 'streaming' || !m.text) return [];
    return [{ role: 'assistant', content: [{ type: 'text', text: m.text }] }];
  });
}

export async function runChatTurn(input: ChatTurnInput, deps: ChatTurnDeps): Promise<MessageRecord> {
  const { store, emit, now } = deps;
  const checkpointMs = deps.checkpointMs ?? 500;
  const history = toChatHistory(await store.listMessages(input.conversationId));
  const runId = deps.generateId();
  let message: MessageRecord = {
    id: deps.generateId(),
    conversationId: input.conversationId,
    role: 'assistant',
    text: '',
    status: 'streaming',
    createdAt: now(),
    model: input.modelLabel,
  };
  await store.putMessage(message);
  deps.onMessage(message);
  emit({ type: 'run-start', runId, conversationId: input.conversationId, messageId: message.id, at: message.createdAt });

  let text = '';
  let usage: Usage | undefined;
  let lastCheckpoint = now();
  let pendingWrite: Promise<void> = Promise.resolve();
  const save = (next: MessageRecord) => {
    message = next;
    // Writes are chained so a late checkpoint can never overwrite the final state.
    pendingWrite = pendingWrite.then(() => store.putMessage(next));
    return pendingWrite;
  };

  try {
    for await (const part of input.model.stream({ system: input.system, messages: history }, input.signal)) {
      if (part.type === 'text-delta') {
        text += part.delta;
        emit({ type: 'text-delta', runId, messageId: message.id, delta: part.delta });
        if (now() - lastCheckpoint >= checkpointMs) {
          lastCheckpoint = now();
          void save({ ...message, text });
        }
      } else if (part.type === 'reasoning-delta') {
        emit({ type: 'reasoning-delta', runId, messageId: message.id, delta: part.delta });
      } else if (part.type === 'retry') {
        emit({ type: 'retry', runId, attempt: part.attempt, status: part.status, delayMs: part.delayMs });
      } else if (part.type === 'finish') {
        usage = part.usage;
        emit({ type: 'usage', runId, step: 0, usage: part.usage });
      }
    }
    if (input.signal.aborted) throw input.signal.reason;
    await save({ ...message, text, status: 'complete', ...(usage ? { usage } : {}) });
    emit({ type: 'run-finish', runId, reason: 'stop' });
  } catch (raw) {
    const error = mapProviderError(raw, input.signal);
    if (error.code === 'aborted') {
      await save({ ...message, text, status: 'stopped' });
      emit({ type: 'run-finish', runId, reason: 'stopped' });
    } else {
      const info = { code: error.code, message: error.message, ...(error.status ? { status: error.status } : {}) };
      // Partial text the user already saw is kept; an error with no text is not an answer.
      await save({ ...message, text, status: 'error', error: info });
      emit({ type: 'error', runId, error: info });
      emit({ type: 'run-finish', runId, reason: 'error' });
    }
  }
  deps.onMessage(message);
  return message;
}
