/**
 * The composition root of the service worker: opens the stores, builds the agent runtime and the chat
 * service, and registers every listener synchronously (MV3 only delivers events to listeners added in the
 * worker's first turn). Unfinished runs resume as soon as the worker wakes, whatever woke it.
 */
import { openAgentDb } from '../agent/agent-db';
import { createAgentRuntime, type AgentRuntime } from '../agent/agent-runtime';
import { createIdbLatencyStore, createIdbMemoryStore, createIdbSitePolicyStore } from '../agent/idb-agent-stores';
import { createIdbRunJournal } from '../agent/idb-run-journal';
import { computeLatencyStats } from '../agent/compute-latency-stats';
import type { RouteToPage } from '../agent/page-router';
import type { PromptLibrary } from '../agent/prompt-library';
import type { ModelRef } from '../agent/run-journal';
import type { RunSettings } from '../agent/run-settings';
import { dispatchMessage, isExtensionPage, type Handlers } from '../messaging/handle-messages';
import { PANEL_PORT } from '../messaging/panel-port';
import { createChatModel } from '../providers/create-chat-model';
import { listModels } from '../providers/list-models';
import { createConversationStore } from '../storage/conversation-store';
import { openTabwiseDb } from '../storage/db';
import { createProviderStore } from '../storage/provider-store';
import { createSettingsStore } from '../storage/settings-store';
import { createBuiltinTools } from '../tools/builtin-tools';
import type { Tool } from '../tools/define-tool';
import type { SubAgentDefinition } from '../tools/delegate-tool';
import { createSkillCatalog } from '../tools/skill-catalog';
import { createToolRegistry } from '../tools/tool-registry';
import { createChatService, UserFacingError } from './chat-service';
import { generateTitle } from './generate-title';

export interface BackgroundOptions {
  prompts: PromptLibrary;
  /** Tools that run in the page's content script, and how calls reach it. */
  pageTools?: Tool[];
  routeToPage?: RouteToPage;
  /** More background tools (e.g. search_history); built-in names are reserved. */
  extraTools?: Tool[];
  /** Protocol handlers a feature adds (validated and sender-checked like the rest). */
  extraHandlers?: Handlers;
  /**
   * Messages from content scripts (untrusted: validate everything). Return a promise to answer, or undefined
   * when the message is not yours.
   */
  onContentMessage?: (raw: unknown, sender: chrome.runtime.MessageSender) => Promise<unknown> | undefined;
  /** Adds to a run's settings from the user's message (e.g. retrieved passages when grounding is on). */
  augmentRunSettings?: (settings: RunSettings, text: string) => Promise<RunSettings>;
}

/** Sub-agents the model may hand self-contained tasks to (each limited to the tools a build really has). */
const defaultAgents: readonly SubAgentDefinition[] = [
  {
    name: 'researcher',
    description: 'Looks things up with read-only tools and reports back a concise summary.',
    instructions: 'You are a research assistant working for another assistant. Use your tools to find what the task asks for, then answer with a short, factual summary. Do not ask questions; do your best with what you have.',
    tools: ['list_tabs', 'memory_search', 'load_skill', 'read_page', 'search_history'],
  },
];

const RESUME_ALARM = 'tabwise-resume';

/** The user's reasoning level as both vendors take it: OpenAI's effort, Anthropic's thinking budget. */
export function reasoningSettings(level: 'off' | 'low' | 'medium' | 'high' | undefined): Pick<RunSettings, 'reasoning'> {
  if (!level || level === 'off') return {};
  const budgetTokens = { low: 1024, medium: 4096, high: 16_000 }[level];
  return { reasoning: { effort: level, budgetTokens } };
}

export function startBackground(options: BackgroundOptions) {
  const now = () => Date.now();
  const generateId = () => crypto.randomUUID();
  const stores = openTabwiseDb().then((db) => ({
    conversations: createConversationStore(db),
    providers: createProviderStore(db, { now, generateId }),
    settings: createSettingsStore(db),
  }));
  const agentStores = openAgentDb().then((db) => ({
    journal: createIdbRunJournal(db),
    memory: createIdbMemoryStore(db),
    sitePolicies: createIdbSitePolicyStore(db, now),
    latency: createIdbLatencyStore(db),
  }));

  async function defaultProvider() {
    const { providers, settings } = await stores;
    const all = await providers.list();
    const { defaultProviderId } = await settings.get();
    return all.find((p) => p.id === defaultProviderId) ?? all[0];
  }

  /** A model for a stored reference: the provider instance's id and model. */
  async function modelFor(ref: ModelRef) {
    const { providers } = await stores;
    const provider = await providers.get(ref.provider);
    if (!provider) throw new UserFacingError('no_provider', 'The provider of this conversation was deleted. Add or choose one in Settings.');
    return createChatModel({ ...provider, model: ref.modelId }, await providers.getApiKey(provider.id));
  }

  const skills = createSkillCatalog(options.prompts, {
    list: async () => ((await (await stores).settings.get()).userSkills ?? []).map((k) => ({ ...k, source: 'user' as const })),
  });
  const listSkills = async () => (await skills.list()).map(({ name, description, body, source }) => ({ name, description, body, source }));
  const runtime: Promise<AgentRuntime> = agentStores.then((s) => {
    // The delegate tool only lists the agents' names; their tool lists are narrowed once the registry exists.
    const agents = defaultAgents.map((a) => ({ ...a }));
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
      options.pageTools ?? [],
    );
    // A sub-agent gets the tools it asks for that this build actually has.
    const available = new Set(tools.names());
    for (const agent of agents) agent.tools = agent.tools.filter((name) => available.has(name));
    return createAgentRuntime({
      journal: s.journal,
      resolveModel: modelFor,
      tools,
      prompts: options.prompts,
      emit: (event) => {
        chat.onAgentEvent(event);
        if (event.type === 'run-start') void chrome.alarms.create(RESUME_ALARM, { periodInMinutes: 0.5 });
      },
      sitePolicies: s.sitePolicies,
      skills,
      agents,
      routeToPage: options.routeToPage,
      latency: s.latency,
      now,
      generateId,
    });
  });

  const chat = createChatService({
    store: stores.then((s) => s.conversations),
    runtime: () => runtime,
    now,
    generateId,
    async resolveModel() {
      const provider = await defaultProvider();
      if (!provider) throw new UserFacingError('no_provider', 'No model is set up yet. Add a provider in Settings.');
      return { ref: { provider: provider.id, modelId: provider.model }, label: `${provider.name} · ${provider.model}` };
    },
    async runSettings(page, text) {
      const settings = await (await stores).settings.get();
      const base: RunSettings = {
        maxSteps: settings.maxSteps,
        customInstructions: settings.customInstructions,
        ...reasoningSettings(settings.reasoning),
        ...(page ? { pageContext: { url: page.url, title: page.title, selectedText: page.selectedText }, tabId: page.tabId } : {}),
      };
      return options.augmentRunSettings ? options.augmentRunSettings(base, text) : base;
    },
    listUnfinishedRuns: async () => (await (await agentStores).journal.listUnfinished()).filter((r) => !r.parent),
    async generateTitle(question, answer) {
      const provider = await defaultProvider();
      if (!provider) return undefined;
      return generateTitle(await modelFor({ provider: provider.id, modelId: provider.model }), question, answer, AbortSignal.timeout(20_000));
    },
  });
  const woke = chat.resumeAfterWake().catch((e: unknown) => console.error('resuming runs failed', e));

  const handlers: Handlers = {
    ...options.extraHandlers,
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
      // The conversation's run journals go with it: nothing of a deleted conversation stays behind.
      await (await agentStores).journal.deleteConversation(id);
    },
    'panel.open': async () => {
      const win = await chrome.windows.getLastFocused();
      if (win.id !== undefined) await chrome.sidePanel.open({ windowId: win.id });
    },
    'runs.inspect': async ({ runId }) => {
      const snap = await (await agentStores).journal.read(runId);
      if (!snap) throw new UserFacingError('not_found', 'No record of that run.');
      return {
        runId,
        steps: snap.steps.map((s) => ({ index: s.index, system: s.request.system, messages: s.request.messages, tools: s.request.tools ?? [], finishReason: s.finishReason, usage: s.usage })),
      };
    },
    'skills.list': listSkills,
    'skills.save': async (skill) => {
      const bundled = (await skills.list()).find((k) => k.name === skill.name && k.source === 'bundled');
      if (bundled) throw new UserFacingError('invalid', `"${skill.name}" is a built-in skill; choose another name.`);
      const { settings } = await stores;
      const current = (await settings.get()).userSkills ?? [];
      if (current.length >= 50 && !current.some((k) => k.name === skill.name)) throw new UserFacingError('invalid', 'At most 50 skills.');
      await settings.update({ userSkills: [...current.filter((k) => k.name !== skill.name), skill] });
      return listSkills();
    },
    'skills.delete': async ({ name }) => {
      const { settings } = await stores;
      await settings.update({ userSkills: ((await settings.get()).userSkills ?? []).filter((k) => k.name !== name) });
      return listSkills();
    },
    'telemetry.stats': async () => computeLatencyStats(await (await agentStores).latency.list(), 500),
    'memories.list': async () => (await (await agentStores).memory.list()).map((m) => ({ id: m.id, text: m.text, tags: m.tags, createdAt: m.createdAt })),
    'memories.delete': async ({ id }) => {
      await (await agentStores).memory.delete(id);
    },
  };

  const self = { id: chrome.runtime.id, origin: chrome.runtime.getURL('') };
  chrome.runtime.onMessage.addListener((raw, sender, sendResponse) => {
    if (isExtensionPage(sender, self.id, self.origin)) {
      dispatchMessage(raw, sender, handlers, self).then(sendResponse);
      return true;
    }
    // Anything else must be our own content script, and is untrusted input.
    if (sender.id !== self.id || !sender.tab) return false;
    const reply = options.onContentMessage?.(raw, sender);
    if (!reply) return false;
    reply.then(sendResponse, (e: unknown) => sendResponse({ err: { code: 'internal', message: e instanceof Error ? e.message : String(e) } }));
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
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== RESUME_ALARM) return;
    // Waking the worker already resumed unfinished runs; once none is left the alarm is not needed.
    void woke.then(() => {
      if (chat.liveRunCount() === 0) void chrome.alarms.clear(RESUME_ALARM);
    });
  });

  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((e: unknown) => console.warn('sidePanel behaviour', e));
  chrome.runtime.onInstalled.addListener(async ({ reason }) => {
    if (reason !== 'install') return;
    if ((await (await stores).providers.list()).length === 0) {
      await chrome.tabs.create({ url: chrome.runtime.getURL('/options.html#onboarding') });
    }
  });
}
