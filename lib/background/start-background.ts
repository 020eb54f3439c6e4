/**
 * The composition root of the service worker: opens the stores, builds the services, and registers every
 * listener synchronously (MV3 only delivers events to listeners added in the first turn of the worker).
 */
import { dispatchMessage, isExtensionPage, type Handlers } from '../messaging/handle-messages';
import { PANEL_PORT } from '../messaging/panel-port';
import { createChatModel } from '../providers/create-chat-model';
import { listModels } from '../providers/list-models';
import { createConversationStore } from '../storage/conversation-store';
import { openTabwiseDb } from '../storage/db';
import { createProviderStore } from '../storage/provider-store';
import { createSettingsStore } from '../storage/settings-store';
import { createChatService, UserFacingError } from './chat-service';

export interface BackgroundOptions {
  systemPrompt: string;
}

export function startBackground(options: BackgroundOptions) {
  const now = () => Date.now();
  const generateId = () => crypto.randomUUID();
  const dbPromise = openTabwiseDb();
  const stores = dbPromise.then((db) => ({
    conversations: createConversationStore(db),
    providers: createProviderStore(db, { now, generateId }),
    settings: createSettingsStore(db),
  }));

  async function defaultProvider() {
    const { providers, settings } = await stores;
    const all = await providers.list();
    const { defaultProviderId } = await settings.get();
    return all.find((p) => p.id === defaultProviderId) ?? all[0];
  }

  const chat = createChatService({
    store: stores.then((s) => s.conversations),
    now,
    generateId,
    systemPrompt: () => options.systemPrompt,
    async resolveModel() {
      const provider = await defaultProvider();
      if (!provider) throw new UserFacingError('no_provider', 'No model is set up yet. Add a provider in Settings.');
      const apiKey = await (await stores).providers.getApiKey(provider.id);
      return { model: createChatModel(provider, apiKey), label: `${provider.name} · ${provider.model}` };
    },
  });
  chat.recoverInterrupted().catch((e: unknown) => console.error('recovering interrupted messages failed', e));

  const handlers: Handlers = {
    'providers.list': async () => (await stores).providers.list(),
    'providers.save': async (input) => {
      const { providers, settings } = await stores;
      const saved = await providers.save(input);
      if (!(await settings.get()).defaultProviderId) await settings.update({ defaultProviderId: saved.id });
      return saved;
    },
    'providers.delete': async ({ id }) => {
      const { providers, settings } = await stores;
      await providers.delete(id);
      if ((await settings.get()).defaultProviderId === id) {
        await settings.update({ defaultProviderId: (await providers.list())[0]?.id });
      }
    },
    'providers.test': async (draft) => {
      const { providers } = await stores;
      const apiKey = draft.apiKey || (draft.id ? await providers.getApiKey(draft.id) : undefined);
      return { models: await listModels({ kind: draft.kind, baseUrl: draft.baseUrl, apiKey }) };
    },
    'settings.get': async () => (await stores).settings.get(),
    'settings.update': async (patch) => (await stores).settings.update(patch),
    'conversations.list': async () => (await stores).conversations.listConversations(),
    'conversations.get': async ({ id }) => {
      const { conversations } = await stores;
      const conversation = await conversations.getConversation(id);
      if (!conversation) throw new UserFacingError('not_found', 'That conversation no longer exists.');
      return { conversation, messages: await conversations.listMessages(id) };
    },
    'conversations.delete': async ({ id }) => {
      if (chat.isRunning(id)) await chat.handle({ postMessage: () => {} }, { type: 'stop', conversationId: id });
      await (await stores).conversations.deleteConversation(id);
    },
    'panel.open': async () => {
      const win = await chrome.windows.getLastFocused();
      if (win.id !== undefined) await chrome.sidePanel.open({ windowId: win.id });
    },
  };

  const self = { id: chrome.runtime.id, origin: chrome.runtime.getURL('') };
  chrome.runtime.onMessage.addListener((raw, sender, sendResponse) => {
    dispatchMessage(raw, sender, handlers, self).then(sendResponse);
    return true;
  });
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT || !isExtensionPage(port.sender ?? {}, self.id, self.origin)) {
      port.disconnect();
      return;
    }
    // Attach now: a Port drops messages that arrive before a listener exists.
    chat.attach(port);
  });

  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((e: unknown) => console.warn('sidePanel behaviour', e));
  chrome.runtime.onInstalled.addListener(async ({ reason }) => {
    if (reason !== 'install') return;
    if ((await (await stores).providers.list()).length === 0) {
      await chrome.tabs.create({ url: chrome.runtime.getURL('/options.html#onboarding') });
    }
  });
}
