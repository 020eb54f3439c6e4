/**
 * The side panel's state and actions. Holds a Port to the background, reconnects when the worker restarts,
 * and folds snapshots, stored messages and streamed events into signals the components render.
 */
import { batch, computed, signal } from '@preact/signals';
import type { AgentEvent } from '../../lib/agent/agent-event';
import { foldParts } from '../../lib/agent/run-view';
import { PANEL_PORT, type PanelCommand, type PanelMessage, type PanelPageContext } from '../../lib/background/panel-port';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { ConversationModel, ConversationRecord, MessageRecord, UndoOutcome } from '../../lib/storage/records';
import { withUndo } from '../../lib/background/record-undo-outcome';
import type { ProviderView } from '../../lib/providers/provider-record';
import type { QueuedMessage } from '../../lib/background/queued-messages';
import { createPageContextState } from './page-context-state';
import { t } from '../ui/t';

export interface RetryState { attempt: number; status: number; delayMs: number; since: number }

export function createChatState() {
  const conversation = signal<ConversationRecord | null>(null);
  const messages = signal<MessageRecord[]>([]);
  const running = signal(false);
  /** Messages sent while the answer runs, not yet taken in by it (shown as queued under the answer). */
  const queued = signal<QueuedMessage[]>([]);
  /** The switcher's choice before a conversation exists; it goes with the first message. */
  const modelForNewChat = signal<ConversationModel | undefined>(undefined);
  const retrying = signal<RetryState | null>(null);
  const notice = signal<string | null>(null);
  const connected = signal(false);
  const conversations = signal<ConversationRecord[]>([]);
  const providers = signal<ProviderView[]>([]);
  const defaultProviderId = signal<string | undefined>(undefined);
  const showHistory = signal(false);
  const activeProvider = computed(() => providers.value.find((p) => p.id === defaultProviderId.value) ?? providers.value[0]);

  // The panel reopens on the conversation it last showed (extension-page storage: no content script reads it).
  const LAST_KEY = 'tabwise:last-conversation';
  const remember = (id: string | null) => (id ? localStorage.setItem(LAST_KEY, id) : localStorage.removeItem(LAST_KEY));

  let port: chrome.runtime.Port | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const outbox: PanelCommand[] = [];

  const upsert = (message: MessageRecord) => {
    if (conversation.value && message.conversationId !== conversation.value.id) return;
    const list = messages.value;
    const i = list.findIndex((m) => m.id === message.id);
    messages.value = i === -1 ? [...list, message] : list.map((m, j) => (j === i ? message : m));
  };

  /** runId → the assistant message it writes (from run-start, or the stored record's runId). */
  const runMessage = new Map<string, string>();

  function updateMessage(id: string, f: (m: MessageRecord) => MessageRecord) {
    const list = messages.value;
    const i = list.findIndex((m) => m.id === id);
    if (i !== -1) messages.value = list.map((m, j) => (j === i ? f(m) : m));
  }

  function onEvent(event: AgentEvent) {
    if (event.type === 'run-start') {
      runMessage.set(event.runId, event.messageId);
      running.value = true;
    }
    if (event.type === 'retry') {
      retrying.value = { attempt: event.attempt, status: event.status, delayMs: event.delayMs, since: Date.now() };
      return;
    }
    if (event.type === 'run-finish') {
      batch(() => {
        running.value = false;
        retrying.value = null;
      });
      void refreshConversations();
      return;
    }
    const messageId = runMessage.get(event.runId) ?? messages.value.find((m) => m.runId === event.runId)?.id;
    if (!messageId) return;
    if (event.type === 'text-delta') retrying.value = null;
    updateMessage(messageId, (m) => {
      const parts = foldParts(m.parts ?? [], event);
      if (parts === m.parts) return m;
      const text = event.type === 'text-delta' ? m.text + event.delta : m.text;
      return { ...m, runId: event.runId, parts, text };
    });
  }

  function onPortMessage(message: PanelMessage) {
    switch (message.type) {
      case 'snapshot':
        remember(message.conversation?.id ?? null);
        batch(() => {
          conversation.value = message.conversation;
          messages.value = message.messages;
          running.value = message.running;
          queued.value = message.queued ?? [];
          if (!message.running) retrying.value = null;
        });
        return;
      case 'conversation-created':
        remember(message.conversation.id);
        conversation.value = message.conversation;
        void refreshConversations();
        return;
      case 'conversation-updated':
        if (conversation.value?.id === message.conversation.id) conversation.value = message.conversation;
        void refreshConversations();
        return;
      case 'queued':
        if (conversation.value?.id === message.conversationId) queued.value = message.messages;
        return;
      case 'message':
        upsert(message.message);
        // A queued message sent on its own (after Stop) now shows as an ordinary message.
        if (message.message.role === 'user') queued.value = queued.value.filter((q) => q.id !== message.message.id);
        return;
      case 'event':
        onEvent(message.event);
        return;
      case 'command-error':
        notice.value = message.message;
        // Our optimistic state may be wrong now; the snapshot says what is true.
        post({ type: 'subscribe', conversationId: conversation.value?.id ?? null });
        return;
    }
  }

  function post(command: PanelCommand) {
    if (port) port.postMessage(command);
    else outbox.push(command);
  }

  function connect() {
    clearTimeout(reconnectTimer);
    const p = chrome.runtime.connect({ name: PANEL_PORT });
    port = p;
    connected.value = true;
    p.onMessage.addListener((m: PanelMessage) => onPortMessage(m));
    p.onDisconnect.addListener(() => {
      // The worker was stopped (idle, update, or killed): reconnect, and the snapshot restores what we show.
      port = null;
      connected.value = false;
      reconnectTimer = setTimeout(connect, 100);
    });
    const current = conversation.value?.id ?? localStorage.getItem(LAST_KEY);
    p.postMessage({ type: 'subscribe', conversationId: current } satisfies PanelCommand);
    for (const c of outbox.splice(0)) p.postMessage(c);
  }

  async function refreshConversations() {
    try {
      conversations.value = await sendToBackground('conversations.list', {});
    } catch (e) {
      notice.value = t('notice_load_conversations', (e as Error).message);
    }
  }

  async function refreshProviders() {
    try {
      const [list, settings] = await Promise.all([sendToBackground('providers.list', {}), sendToBackground('settings.get', {})]);
      batch(() => {
        providers.value = list;
        defaultProviderId.value = settings.defaultProviderId;
      });
    } catch (e) {
      notice.value = t('notice_load_providers', (e as Error).message);
    }
  }

  const page = createPageContextState();

  return {
    page,
    conversation,
    messages,
    running,
    queued,
    modelForNewChat,
    retrying,
    notice,
    connected,
    conversations,
    providers,
    activeProvider,
    showHistory,
    refreshConversations,
    start() {
      page.start();
      connect();
      void refreshConversations();
      void refreshProviders();
      // Settings change in the options page: pick them up when the panel regains focus.
      addEventListener('focus', () => void refreshProviders());
    },
    /** Sends a message; during a run it joins that run as an interjection. */
    /** `mentionedTabIds`: tabs @-mentioned in the composer, which the run may read too. */
    async send(text: string, mentionedTabIds: number[] = []) {
      const trimmed = text.trim();
      if (!trimmed) return false;
      notice.value = null;
      const interjecting = running.value;
      running.value = true;
      const clientId = crypto.randomUUID();
      // Shown at once: the background confirms the queue (or sends the message as a new turn) in a moment.
      if (interjecting) queued.value = [...queued.value, { id: clientId, text: trimmed }];
      const context: PanelPageContext | undefined = interjecting ? undefined : await page.forSend();
      const model = !conversation.value && modelForNewChat.value ? { model: modelForNewChat.value } : {};
      post({ type: 'send', conversationId: conversation.value?.id ?? null, text: trimmed, clientId, ...(context ? { page: context } : {}), ...model, ...(!interjecting && mentionedTabIds.length ? { mentionedTabIds } : {}) });
      return true;
    },
    /** `typed`: a password (fill_password) or a note (ask_user) the user typed on the card; posted, never kept. */
    decide(runId: string, toolCallId: string, decision: 'approved' | 'denied' | 'always', typed?: { secret?: string; note?: string }) {
      post({ type: 'approval', runId, toolCallId, decision, ...(typed?.secret ? { secret: typed.secret } : {}), ...(typed?.note ? { note: typed.note } : {}) });
    },
    /** Undoes a fill; its card shows the outcome (the background keeps it, so it is there after a reopen too). */
    async undoFill(runId: string, toolCallId: string) {
      const undo = await sendToBackground('page.undoFill', { runId, toolCallId }).then(
        (r): UndoOutcome => ({ restored: r.restoredKeys, failed: r.failed }),
        (e: unknown): UndoOutcome => ({ error: e instanceof Error ? e.message : String(e) }),
      );
      const id = messages.value.find((m) => m.runId === runId)?.id;
      if (id) updateMessage(id, (m) => ({ ...m, parts: withUndo(m.parts ?? [], toolCallId, undo) }));
    },
    async inspect(runId: string) {
      return sendToBackground('runs.inspect', { runId });
    },
    /** The origins a link's address carries text from, read by this conversation's runs elsewhere (rejects when unknown). */
    async checkLinkEgress(url: string): Promise<string[]> {
      const id = conversation.value?.id;
      // No conversation yet: nothing was read, and no answer carries links.
      if (!id) return [];
      return (await sendToBackground('links.checkEgress', { conversationId: id, url })).from;
    },
    stop() {
      if (conversation.value) post({ type: 'stop', conversationId: conversation.value.id });
    },
    async retry() {
      if (!conversation.value) return;
      notice.value = null;
      running.value = true;
      const context = await page.forSend();
      post({ type: 'retry', conversationId: conversation.value.id, ...(context ? { page: context } : {}) });
    },
    /** Answers the last question again, replacing the last answer. */
    async regenerate() {
      if (!conversation.value) return;
      notice.value = null;
      const context = await page.forSend();
      post({ type: 'regenerate', conversationId: conversation.value.id, ...(context ? { page: context } : {}) });
    },
    /** Replaces a sent message and continues the conversation from it (later messages are replaced). */
    async edit(messageId: string, text: string) {
      if (!conversation.value || !text.trim()) return;
      notice.value = null;
      const context = await page.forSend();
      post({ type: 'edit', conversationId: conversation.value.id, messageId, text: text.trim(), ...(context ? { page: context } : {}) });
    },
    deleteMessage(messageId: string) {
      if (conversation.value) post({ type: 'delete-message', conversationId: conversation.value.id, messageId });
    },
    /** Copies an answer's text (its Markdown source) to the clipboard; false when the browser refused. */
    async copy(text: string): Promise<boolean> {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch (e) {
        notice.value = t('notice_copy', (e as Error).message);
        return false;
      }
    },
    newChat() {
      batch(() => {
        conversation.value = null;
        messages.value = [];
        running.value = false;
        queued.value = [];
        modelForNewChat.value = undefined;
        showHistory.value = false;
      });
      post({ type: 'subscribe', conversationId: null });
    },
    open(id: string) {
      showHistory.value = false;
      post({ type: 'subscribe', conversationId: id });
    },
    async remove(id: string) {
      await sendToBackground('conversations.delete', { id });
      if (conversation.value?.id === id) this.newChat();
      await refreshConversations();
    },
    async chooseProvider(id: string) {
      await sendToBackground('settings.update', { defaultProviderId: id });
      defaultProviderId.value = id;
    },
    openSettings() {
      void chrome.runtime.openOptionsPage();
    },
  };
}

export type ChatState = ReturnType<typeof createChatState>;
