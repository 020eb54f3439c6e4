/**
 * The side panel's state and actions. Holds a Port to the background (panel-connection.ts), reconnects when the
 * worker restarts, and folds snapshots, stored messages and streamed events (apply-panel-message.ts) into the
 * signals the components render (chat-signals.ts); the user's actions are in chat-actions.ts.
 */
import { batch, signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import { t } from '../ui/t';
import type { PanelCommand } from '../../lib/background/panel-port';
import { applyAck, applyPanelMessage } from './apply-panel-message';
import { createChatActions } from './chat-actions';
import { createChatSignals } from './chat-signals';
import { createPageContextState } from './page-context-state';
import { createPanelConnection } from './panel-connection';

export type { RetryState } from './chat-signals';

// The panel reopens on the conversation it last showed (extension-page storage: no content script reads it).
const LAST_KEY = 'tabwise:last-conversation';
/** The conversation a link asks the panel's page to show (`sidepanel.html#conversation=ID`, e.g. a compared run's). */
const linkedConversation = () => /^#conversation=([\w-]{1,200})$/.exec(location.hash)?.[1];
const remember = (id: string | null) => (id ? localStorage.setItem(LAST_KEY, id) : localStorage.removeItem(LAST_KEY));

export function createChatState() {
  const s = createChatSignals();
  const page = createPageContextState();
  /** Text for the message box to take (a starting point that needs the user's words); the box clears it. */
  const draft = signal<string | null>(null);

  async function refreshConversations() {
    try {
      s.conversations.value = await sendToBackground('conversations.list', {});
    } catch (e) {
      s.notice.value = t('notice_load_conversations', (e as Error).message);
    }
  }

  async function refreshProviders() {
    try {
      const [list, settings] = await Promise.all([
        sendToBackground('providers.list', {}),
        sendToBackground('settings.get', {}),
      ]);
      batch(() => {
        s.providers.value = list;
        s.defaultProviderId.value = settings.defaultProviderId;
        s.readOnly.value = settings.readOnly === true;
      });
    } catch (e) {
      s.notice.value = t('notice_load_providers', (e as Error).message);
    }
  }

  const effects = { post: (c: PanelCommand) => connection.post(c), refreshConversations, remember };
  const linked = linkedConversation();
  if (linked) remember(linked);
  const connection = createPanelConnection({
    onMessage: (message) => applyPanelMessage(s, message, effects),
    onAck: (command, ack) => applyAck(s, command, ack, effects),
    subscribeTo: () => s.conversation.value?.id ?? localStorage.getItem(LAST_KEY),
    connected: s.connected,
    asked: s.asked,
  });

  return {
    page,
    draft,
    conversation: s.conversation,
    messages: s.messages,
    running: s.running,
    queued: s.queued,
    modelForNewChat: s.modelForNewChat,
    retrying: s.retrying,
    notice: s.notice,
    connected: s.connected,
    conversations: s.conversations,
    providers: s.providers,
    activeProvider: s.activeProvider,
    showHistory: s.showHistory,
    readOnly: s.readOnly,
    refreshConversations,
    /** The decision sent on a card of run `runId`, until the run's events show it. */
    sentDecision: (runId: string, id: string) => s.sentDecisions.of(runId, id),
    start() {
      page.start();
      connection.connect();
      void refreshConversations();
      void refreshProviders();
      // Settings change in the options page: pick them up when the panel regains focus.
      addEventListener('focus', () => void refreshProviders());
    },
    ...createChatActions(s, { post: connection.post, page, refreshConversations }),
  };
}

export type ChatState = ReturnType<typeof createChatState>;
