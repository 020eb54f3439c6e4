/**
 * The composition root of the service worker: opens the stores, builds the agent runtime and the chat
 * service, and registers every listener synchronously (MV3 only delivers events to listeners added in the
 * worker's first turn). Unfinished runs resume as soon as the worker wakes, whatever woke it.
 */
import { openAgentDb } from '../agent/agent-db';
import { clearAgentData } from '../agent/clear-agent-data';
import { createAgentRuntime, type AgentRuntime } from '../agent/agent-runtime';
import { createIdbLatencyStore, createIdbMemoryStore, createIdbSitePolicyStore } from '../agent/idb-agent-stores';
import { createIdbRunJournal } from '../agent/idb-run-journal';
import type { PromptLibrary } from '../agent/prompt-library';
import type { RunSettings } from '../agent/run-settings';
import { subAgentsFrom } from '../agent/sub-agents-from';
import { selfOf, senderIs } from '../messaging/sender-is';
import { serve } from '../messaging/serve';
import { createConversationStore } from '../storage/conversation-store';
import { openTabwiseDb } from '../storage/db';
import { createProviderStore } from '../providers/provider-store';
import { createSettingsStore } from '../storage/settings-store';
import { createBuiltinTools } from '../tools/builtin-tools';
import type { Tool } from '../tools/define-tool';
import { createSkillCatalog } from '../tools/skill-catalog';
import { createToolRegistry } from '../tools/tool-registry';
import { createChatService } from './chat-service';
import { createContextMenu } from './context-menu';
import { createFirstRun } from './first-run';
import { createRunSettings } from './create-run-settings';
import { createRunTabTools } from './create-run-tab-tools';
import { createChromeRunOriginGuard, releaseOnFinish } from './create-run-origin-guard';
import { createTitleWriter } from './generate-title';
import { createAgentDataHandlers } from './handlers/agent-data-handlers';
import { createConversationHandlers } from './handlers/conversation-handlers';
import { createConversationEditHandlers } from './handlers/conversation-edit-handlers';
import { createModelHandlers } from './handlers/model-handlers';
import { createDataHandlers } from './handlers/data-handlers';
import { createDataTransferHandlers } from './handlers/data-transfer-handlers';
import type { RememberSettings } from './data-transfer/data-transfer-deps';
import { createSearchTraceHandlers } from './handlers/search-trace-handlers';
import { createSearchTraceStore } from '../retrieval/search-trace-store';
import { createPageTargetForgetter } from './forget-page-targets';
import { createPanelHandlers } from './handlers/panel-handlers';
import { createProviderHandlers } from './handlers/provider-handlers';
import { createRunHandlers } from './handlers/run-handlers';
import { createLinkHandlers } from './handlers/link-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { createSkillHandlers } from './handlers/skill-handlers';
import { createMcpHandlers } from './handlers/mcp-handlers';
import { createMcpFeature } from './create-mcp-feature';
import { createLocalOriginRules } from './local-origin-rules';
import { createModelResolver } from './model-resolver';
import { createUndoRecorder, recordingUndo } from './record-undo-outcome';
import { PANEL_PORT } from './panel-port';
import { backgroundProtocol, type BackgroundHandlers as Handlers } from './protocol';
import { requestSchemas } from './request-schemas';

export interface BackgroundOptions {
  prompts: PromptLibrary;
  /** Tools that act in the page's content script (each holds its router). */
  pageTools?: Tool[];
  /** More background tools (e.g. search_history); built-in names are reserved. */
  extraTools?: Tool[];
  /** Protocol handlers a feature adds (validated and sender-checked like the rest). */
  extraHandlers?: Handlers;
  /** "Remember what I read" settings, for export and import (the history feature's). */
  rememberSettings?: RememberSettings;
  /** Adds to a run's settings from the user's message (e.g. retrieved passages when grounding is on). */
  augmentRunSettings?: (settings: RunSettings, text: string) => Promise<RunSettings>;
}

const RESUME_ALARM = 'tabwise-resume';

export function startBackground(options: BackgroundOptions) {
  const now = () => Date.now();
  const generateId = () => crypto.randomUUID();
  const tabwiseDb = openTabwiseDb();
  const stores = tabwiseDb.then((db) => ({
    conversations: createConversationStore(db),
    providers: createProviderStore(db, { now, generateId }),
    settings: createSettingsStore(db),
  }));
  const agentDb = openAgentDb();
  const agentStores = agentDb.then((db) => ({
    journal: createIdbRunJournal(db),
    memory: createIdbMemoryStore(db),
    sitePolicies: createIdbSitePolicyStore(db, now),
    latency: createIdbLatencyStore(db),
  }));
  const providers = stores.then((s) => s.providers);
  const settings = stores.then((s) => s.settings);
  const conversations = stores.then((s) => s.conversations);
  const journal = agentStores.then((s) => s.journal);
  const models = createModelResolver({ providers, settings });
  const localOrigins = createLocalOriginRules({
    rules: chrome.declarativeNetRequest,
    extensionId: chrome.runtime.id,
    baseUrls: async () => (await (await providers).list()).map((p) => p.baseUrl),
  });
  void localOrigins.sync();
  // The run's tabs load only the origins it was approved for, while it runs (lib/tools/tabs/run-origin-rules.ts).
  const originGuard = createChromeRunOriginGuard({ journal });

  const mcp = createMcpFeature({ now, generateId, secretsDb: tabwiseDb });

  const skills = createSkillCatalog(options.prompts, {
    list: async () => ((await (await settings).get()).userSkills ?? []).map((k) => ({ ...k, source: 'user' as const })),
  });
  const runtime: Promise<AgentRuntime> = agentStores.then(async (s) => {
    // The delegate tool only lists the agents' names; their tool lists are narrowed once the registry exists.
    const agents = subAgentsFrom(options.prompts);
    const tools = createToolRegistry(
      [
        ...createBuiltinTools({
          memory: s.memory,
          skills,
          agents,
          now,
          generateId,
          listTabs: async () => (await chrome.tabs.query({ lastFocusedWindow: true })).map((t) => ({ id: t.id, title: t.title ?? '', url: t.url ?? '', active: t.active })),
        }),
        ...(options.extraTools ?? []),
      ],
      // Page tools follow the run's current tab; navigate, open_tab and the other tab tools join them.
      createRunTabTools(options.pageTools ?? [], { journal, conversations, guard: originGuard }),
    );
    // MCP tools (from their servers' last listing) are in the registry before any run resumes.
    await mcp.attach(tools);
    // A sub-agent gets the tools it asks for that this build actually has.
    const available = new Set(tools.names());
    for (const agent of agents) agent.tools = agent.tools.filter((name) => available.has(name));
    const created = createAgentRuntime({
      journal: s.journal,
      resolveModel: models.forRef,
      tools,
      prompts: options.prompts,
      sitePolicies: s.sitePolicies,
      skills,
      agents,
      latency: s.latency,
      now,
      generateId,
    });
    created.subscribe((event) => {
      if (event.type === 'run-start') void chrome.alarms.create(RESUME_ALARM, { periodInMinutes: 0.5 });
    });
    created.subscribe(releaseOnFinish(originGuard));
    return created;
  });

  const chat = createChatService({
    store: conversations,
    runtime,
    now,
    generateId,
    resolveModel: models.forNewRun,
    runSettings: createRunSettings(settings, options.augmentRunSettings),
    listUnfinishedRuns: async () => (await (await journal).listUnfinished()).filter((r) => !r.parent),
    generateTitle: createTitleWriter(models.defaultModel),
  });
  const woke = chat.resumeAfterWake().catch((e: unknown) => console.error('resuming runs failed', e));

  const pageTargets = createPageTargetForgetter();
  const searchTraces = createSearchTraceStore();
  const conversationHandlers = createConversationHandlers({ conversations, journal, chat, pageTargets });
  const conversationEdits = createConversationEditHandlers({
    conversations,
    chat,
    now,
    purge: (id) => conversationHandlers['conversations.delete']({ id }),
    onRenamed: (id) => void chat.conversationChanged(id).catch((e: unknown) => console.warn('announcing a rename failed', e)),
  });
  void conversationEdits.purgeExpired().catch((e: unknown) => console.error('purging deleted conversations failed', e));
  const handlers: Handlers = {
    ...options.extraHandlers,
    ...createProviderHandlers({ providers, settings, localOrigins }),
    ...createSettingsHandlers({ settings }),
    ...conversationHandlers,
    ...conversationEdits.handlers,
    ...createModelHandlers({ providers, settings, conversations }),
    ...createDataHandlers({ conversations, chat, pageTargets, clearAgentData: async () => Promise.all([clearAgentData(await agentDb), searchTraces.clear()]).then(() => undefined) }),
    ...createPanelHandlers(),
    ...createRunHandlers({ journal }),
    ...createLinkHandlers({ journal }),
    ...createSkillHandlers({ skills, settings }),
    ...createAgentDataHandlers({ latency: agentStores.then((s) => s.latency), memory: agentStores.then((s) => s.memory) }),
    ...createSearchTraceHandlers({ traces: searchTraces }),
    ...createMcpHandlers({ mcp }),
    ...createDataTransferHandlers({ conversations, settings, now, memory: agentStores.then((s) => s.memory), providers, localOrigins, remember: options.rememberSettings }),
    ...recordingUndo(options.extraHandlers?.['page.undoFill'], createUndoRecorder({ journal, conversations })),
  };

  const self = selfOf(chrome.runtime);
  // The extension's pages: the typed background protocol (validated, sender-checked, enveloped by the kit).
  serve(backgroundProtocol, { validators: requestSchemas, handlers, from: 'extension-page', self }, chrome.runtime.onMessage);
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT || !senderIs(port.sender ?? {}, 'extension-page', self)) {
      port.disconnect();
      return;
    }
    // Attach now: a Port drops messages that arrive before a listener exists.
    chat.attach(port);
  });
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== RESUME_ALARM) return;
    // Waking the worker already resumed unfinished runs; once none is left the alarm is not needed.
    void woke.then(() => {
      if (chat.liveRunCount() === 0) void chrome.alarms.clear(RESUME_ALARM);
    });
  });

  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((e: unknown) => console.warn('sidePanel behaviour', e));
  const firstRun = createFirstRun({ hasProvider: async () => (await (await providers).list()).length > 0, urlOf: (p) => chrome.runtime.getURL(p), tabs: chrome.tabs });
  const showOnboarding = () => void firstRun.openIfNeeded().catch((e: unknown) => console.error('opening the onboarding failed', e));
  chrome.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') showOnboarding();
  });
  chrome.runtime.onStartup.addListener(showOnboarding);

  const contextMenu = createContextMenu({ menus: chrome.contextMenus, storage: chrome.storage.session, openPanel: (windowId) => chrome.sidePanel.open({ windowId }), now });
  const registerMenu = () => void contextMenu.register().catch((e: unknown) => console.error('context menu', e));
  chrome.runtime.onInstalled.addListener(registerMenu);
  // Chrome keeps the items across restarts, titles included: rebuilt at startup, they follow a changed browser language.
  chrome.runtime.onStartup.addListener(registerMenu);
  chrome.contextMenus.onClicked.addListener((info, tab) => void contextMenu.onClicked(info, tab).catch((e: unknown) => console.error('context menu click', e)));
  // Headless tests cannot open a context menu: they call the same listener from the worker.
  Object.assign(globalThis, { tabwiseContextMenu: contextMenu });
}
