/**
 * The background's chat hub: side panel Ports subscribe to a conversation, commands start and stop turns, and
 * every event of a turn is relayed to each Port watching that conversation.
 */
import type { AgentEvent } from '../agent/agent-event';
import type { ChatModel } from '../providers/chat-model';
import { panelCommandSchema, type PanelCommand, type PanelMessage } from '../messaging/panel-port';
import type { ConversationStore } from '../storage/conversation-store';
import type { MessageRecord } from '../storage/records';
import { runChatTurn } from './chat-turn';
import { monotonicClock } from '../util/monotonic-clock';

/** The slice of chrome.runtime.Port the service uses, so tests can pass plain objects. */
export interface PanelPortLike {
  postMessage(message: PanelMessage): void;
}

export interface ChatServiceDeps {
  /** A promise is fine: the worker registers its listeners before IndexedDB has opened. */
  store: ConversationStore | Promise<ConversationStore>;
  /** The model for new turns, or an error the user can act on (no provider configured, key unreadable). */
  resolveModel: () => Promise<{ model: ChatModel; label: string }>;
  systemPrompt: () => Promise<string> | string;
  now: () => number;
  generateId: () => string;
}

export class UserFacingError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export function createChatService(input: ChatServiceDeps) {
  const deps = { ...input, now: monotonicClock(input.now) };
  const subscriptions = new Map<PanelPortLike, string | null>();
  const running = new Map<string, AbortController>();

  const broadcast = (conversationId: string, message: PanelMessage) => {
    for (const [port, subscribed] of subscriptions) if (subscribed === conversationId) port.postMessage(message);
  };

  async function snapshot(port: PanelPortLike, conversationId: string | null) {
    const store = await deps.store;
    const conversation = conversationId ? ((await store.getConversation(conversationId)) ?? null) : null;
    const messages = conversation ? await store.listMessages(conversation.id) : [];
    port.postMessage({ type: 'snapshot', conversation, messages, running: !!conversation && running.has(conversation.id) });
  }

  /** Stores an assistant message that is only an error, so the user sees it and can retry. */
  async function failTurn(conversationId: string, error: unknown) {
    const e = error as { code?: string; message?: string };
    const message: MessageRecord = {
      id: deps.generateId(),
      conversationId,
      role: 'assistant',
      text: '',
      status: 'error',
      createdAt: deps.now(),
      error: { code: e?.code ?? 'internal', message: e?.message ?? String(error) },
    };
    await (await deps.store).putMessage(message);
    broadcast(conversationId, { type: 'message', message });
  }

  async function startTurn(conversationId: string) {
    const controller = new AbortController();
    running.set(conversationId, controller);
    const emit = (event: AgentEvent) => broadcast(conversationId, { type: 'event', event });
    const onMessage = (message: MessageRecord) => broadcast(conversationId, { type: 'message', message });
    try {
      const store = await deps.store;
      const [resolved, system] = await Promise.all([deps.resolveModel(), deps.systemPrompt()]);
      await runChatTurn(
        { conversationId, model: resolved.model, modelLabel: resolved.label, system, signal: controller.signal },
        { store, emit, onMessage, now: deps.now, generateId: deps.generateId },
      );
    } catch (error) {
      // runChatTurn turns provider failures into messages itself; this is everything before it could start.
      await failTurn(conversationId, error).catch((e: unknown) => console.error('could not store the failed turn', e));
    } finally {
      running.delete(conversationId);
    }
  }

  async function handle(port: PanelPortLike, command: PanelCommand): Promise<void> {
    const store = await deps.store;
    switch (command.type) {
      case 'subscribe':
        subscriptions.set(port, command.conversationId);
        await snapshot(port, command.conversationId);
        return;
      case 'send': {
        const text = command.text.trim();
        if (!text) throw new UserFacingError('invalid', 'Type a message first.');
        let conversationId = command.conversationId;
        if (conversationId && !(await store.getConversation(conversationId))) throw new UserFacingError('not_found', 'That conversation no longer exists.');
        if (conversationId && running.has(conversationId)) throw new UserFacingError('busy', 'Wait for the answer to finish, or stop it first.');
        if (!conversationId) {
          const at = deps.now();
          const title = text.replace(/\s+/g, ' ').slice(0, 60);
          const conversation = { id: deps.generateId(), title, createdAt: at, updatedAt: at };
          await store.createConversation(conversation);
          conversationId = conversation.id;
          subscriptions.set(port, conversationId);
          port.postMessage({ type: 'conversation-created', conversation, clientId: command.clientId });
        }
        const user: MessageRecord = {
          id: command.clientId,
          conversationId,
          role: 'user',
          text,
          status: 'complete',
          createdAt: deps.now(),
        };
        await store.putMessage(user);
        broadcast(conversationId, { type: 'message', message: user });
        void startTurn(conversationId);
        return;
      }
      case 'retry': {
        const { conversationId } = command;
        if (running.has(conversationId)) throw new UserFacingError('busy', 'An answer is already being written.');
        const messages = await store.listMessages(conversationId);
        const last = messages[messages.length - 1];
        if (!last) throw new UserFacingError('not_found', 'Nothing to retry.');
        if (last.role === 'assistant') {
          if (last.status !== 'error') throw new UserFacingError('invalid', 'Only a failed answer can be retried.');
          await store.deleteMessage(last.id);
          await snapshot(port, conversationId);
        }
        void startTurn(conversationId);
        return;
      }
      case 'stop':
        running.get(command.conversationId)?.abort(new DOMException('Stopped by the user', 'AbortError'));
        return;
    }
  }

  return {
    /** A Port connected: validate each command and answer errors on the same Port. */
    attach(port: PanelPortLike & { onMessage: { addListener(f: (m: unknown) => void): void }; onDisconnect: { addListener(f: () => void): void } }) {
      subscriptions.set(port, null);
      port.onMessage.addListener((raw) => {
        const parsed = panelCommandSchema.safeParse(raw);
        if (!parsed.success) {
          port.postMessage({ type: 'command-error', message: `Invalid command: ${parsed.error.issues[0]?.message ?? 'malformed'}` });
          return;
        }
        handle(port, parsed.data).catch((error: unknown) => {
          port.postMessage({ type: 'command-error', message: error instanceof Error ? error.message : String(error) });
        });
      });
      port.onDisconnect.addListener(() => subscriptions.delete(port));
    },
    handle,
    isRunning: (conversationId: string) => running.has(conversationId),
    /** A worker that died mid-stream left messages `streaming`: what the user saw is kept, marked interrupted. */
    async recoverInterrupted(): Promise<number> {
      const store = await deps.store;
      const stale = (await store.listStreamingMessages()).filter((m) => !running.has(m.conversationId));
      for (const m of stale) await store.putMessage({ ...m, status: 'interrupted' });
      return stale.length;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
