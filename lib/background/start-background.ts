/**
 * The composition root of the service worker: opens the stores, builds the agent runtime and the chat
 * service, and registers every listener synchronously (MV3 only delivers events to listeners added in the
 * worker's first turn). Unfinished runs resume as soon as the worker wakes, whatever woke it.
 */
import type { PromptLibrary } from '../agent/prompt-library';
import type { RunSettings } from '../agent/run-settings';
import { selfOf, senderIs } from '../messaging/sender-is';
import { serve } from '../messaging/serve';
import type { Tool } from '../tools/define-tool';
import { createSkillCatalog } from '../tools/skill-catalog';
import { buildAgentRuntime } from './build-agent-runtime';
import { createChatService, type ChatService } from './chat-service';
import { openBackgroundStores } from './open-background-stores';
import { registerBrowserEntryPoints } from './register-browser-entry-points';
import { createRunSettings } from './create-run-settings';
import { createRunTabTools } from './create-run-tab-tools';
import { createChromeRunOriginGuard, releaseOnFinish } from './create-run-origin-guard';
import { createTitleWriter } from './generate-title';
import { createModelHandlers } from './handlers/model-handlers';
import { createAccessFor } from './create-access-for';
import { watchSettings } from './watch-settings';
import type { Settings } from '../storage/settings-store';
import { createTaskFeature } from './create-task-feature';
import { createEvalFeature } from './create-eval-feature';
import { createScheduleFeature } from './create-schedule-feature';
import { createMcpFeature } from './create-mcp-feature';
import { createActivityFeature, type ActivityFeatureDeps } from './create-activity-feature';
import { createLocalOriginRules } from './local-origin-rules';
import { createModelResolver } from './model-resolver';
import { PANEL_PORT } from './panel-port';
import { backgroundProtocol, type BackgroundHandlers as Handlers } from './protocol';
import { openAttachmentStore } from '../storage/attachment-store';
import { createConversationAttachments } from './create-conversation-attachments';
import { createImageRefusal } from './create-image-refusal';
import { requestSchemas } from './request-schemas';
import { primeLocalTimeZone } from '../agent/local-time-zone';
import type { PolicyFeature } from './create-policy-feature';
import { createBackgroundHandlers, type BackgroundHandlerOptions } from './create-background-handlers';
import { mark } from '../util/marks';
import { afterWake } from './after-wake';
import { withTeamProviders, type TeamProviderSource } from '../tools/team/team-provider-source';
import { narrowByTeamMode } from '../policy/policy-models';

export interface BackgroundOptions extends BackgroundHandlerOptions {
  prompts: PromptLibrary;
  /** Tools that act in the page's content script (each holds its router). */
  pageTools?: Tool[];
  /** More background tools (e.g. search_history); built-in names are reserved. */
  extraTools?: Tool[];
  /** Adds to a run's settings from the user's message (e.g. retrieved passages when grounding is on). */
  augmentRunSettings?: (settings: RunSettings, text: string) => Promise<RunSettings>;
  /** Told the settings when the worker starts and after each change (the site-tools relay follows its switch). */
  onSettings?: (settings: Settings) => void | Promise<void>;
  /** The organisation's Chrome policy (its `policy.get` handler comes in `extraHandlers`). */
  policy: PolicyFeature;
  /** The team connection (create-team-feature.ts): signed in, activity lines also go to its audit table. */
  team?: ActivityFeatureDeps['team'];
  /** The providers of the user's teams (the team server's pass-through), offered beside the user's own. */
  teamProviders?: TeamProviderSource;
}

const RESUME_ALARM = 'tabwise-resume';
/** Where the machine's time zone name waits for the next worker (local-time-zone.ts: no Intl at start). */
const TIME_ZONE_KEY = 'tabwise.timeZone';
const sessionTimeZone = {
  read: async () => (await chrome.storage.session.get(TIME_ZONE_KEY))[TIME_ZONE_KEY] as string | undefined,
  write: (name: string) => chrome.storage.session.set({ [TIME_ZONE_KEY]: name }),
};

/** The worker's listeners, added in its first turn: the pages' typed protocol, the panel's Port, the resume alarm. */
function listen(handlers: Handlers, chat: ChatService, woke: Promise<unknown>) {
  const self = selfOf(chrome.runtime);
  // The extension's pages: the typed background protocol (validated, sender-checked, enveloped by the kit).
  serve(
    backgroundProtocol,
    { validators: requestSchemas, handlers, from: 'extension-page', self },
    chrome.runtime.onMessage,
  );
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT || !senderIs(port.sender ?? {}, 'extension-page', self)) {
      port.disconnect();
      return;
    }
    // Attach now: a Port drops messages that arrive before a listener exists.
    mark('port');
    chat.attach(port);
  });
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== RESUME_ALARM) return;
    // Waking the worker already resumed unfinished runs; once none is left the alarm is not needed.
    void woke.then(() => {
      if (chat.liveRunCount() === 0) void chrome.alarms.clear(RESUME_ALARM);
    });
  });
}

export function startBackground(options: BackgroundOptions) {
  void primeLocalTimeZone(sessionTimeZone);
  const now = () => Date.now();
  const generateId = () => crypto.randomUUID();
  const stores = openBackgroundStores({ now, generateId });
  const { tabwiseDb, agentStores, providers, conversations, journal } = stores;
  const settings = watchSettings(stores.settings, options.onSettings);
  const { policy } = options;
  // Runs and the model switcher see the team's providers too, and a team-only team narrows the policy.
  const teamProviders = options.teamProviders;
  const modelProviders = teamProviders ? providers.then((p) => withTeamProviders(p, teamProviders)) : providers;
  const modelPolicy = teamProviders
    ? async () => narrowByTeamMode(await policy.now(), (await teamProviders.state()).teamOnly)
    : policy.now;
  const models = createModelResolver({ providers: modelProviders, settings, policy: modelPolicy });
  const localOrigins = createLocalOriginRules({
    rules: chrome.declarativeNetRequest,
    extensionId: chrome.runtime.id,
    baseUrls: async () => (await (await providers).list()).map((p) => p.baseUrl),
  });
  afterWake(() => localOrigins.sync());
  // The run's tabs load only the origins it was approved for, while it runs (lib/tools/tabs/run-origin-rules.ts).
  const originGuard = createChromeRunOriginGuard({ journal });

  const mcp = createMcpFeature({ now, generateId, secretsDb: tabwiseDb, isAllowed: policy.mcpAllowed });
  policy.onChange(() => void mcp.policyChanged().catch((e: unknown) => console.warn('MCP policy change', e)));
  const activity = createActivityFeature({ conversations, now, ...(options.team ? { team: options.team } : {}) });
  options.team?.useActivitySink?.(activity.sink);

  const skills = createSkillCatalog(options.prompts, {
    list: async () => ((await (await settings).get()).userSkills ?? []).map((k) => ({ ...k, source: 'user' as const })),
  });
  const runtime = buildAgentRuntime({
    agentStores,
    prompts: options.prompts,
    models,
    skills,
    mcp,
    now,
    generateId,
    extraTools: options.extraTools ?? [],
    runTabTools: createRunTabTools(options.pageTools ?? [], { journal, conversations, guard: originGuard }),
    accessFor: createAccessFor(settings, policy.siteAccess),
    onRunStart: () => void chrome.alarms.create(RESUME_ALARM, { periodInMinutes: 0.5 }),
    onEvent: releaseOnFinish(originGuard),
    activity: activity.sink,
    gateGrants: policy.gateGrants,
  });

  const attachmentStore = openAttachmentStore();
  const tasks = createTaskFeature({ now, generateId });
  // Scheduled tasks start their runs through the chat service below (a conversation like any other).
  const schedules = createScheduleFeature({
    now,
    generateId,
    tasks: tasks.store,
    chat: { handle: (port, command) => chat.handle(port, command), detach: (port) => chat.detach(port) },
    runtime,
    conversations,
  });
  const imageRefusal = createImageRefusal({ conversations, models });
  const chat = createChatService({
    store: conversations,
    attachments: createConversationAttachments({
      store: attachmentStore,
      imageRefusal,
      sheetBase: chrome.runtime.getURL('/'),
    }),
    runtime,
    now,
    generateId,
    resolveModel: models.forNewRun,
    runSettings: schedules.withScope(createRunSettings(settings, policy.withOrganization(options.augmentRunSettings))),
    listUnfinishedRuns: async () => (await (await journal).listUnfinished()).filter((r) => !r.parent),
    generateTitle: createTitleWriter(models.forRef),
    taskRunPlan: tasks.runPlan,
  });
  const woke = chat.resumeAfterWake().catch((e: unknown) => console.error('resuming runs failed', e));

  const modelHandlers = createModelHandlers({
    providers: modelProviders,
    settings,
    conversations,
    policy: modelPolicy,
  });
  const evals = createEvalFeature({
    tasks: tasks.store,
    conversations,
    chat,
    runtime,
    woke,
    listModels: () => modelHandlers['models.list']({}),
    now,
    generateId,
  });

  const handlers = createBackgroundHandlers({
    options,
    now,
    stores,
    settings,
    localOrigins,
    chat,
    runtime,
    skills,
    mcp,
    activity,
    tasks,
    evals,
    schedules,
    modelHandlers,
    attachmentStore,
    imageRefusal,
  });

  listen(handlers, chat, woke);
  schedules.listen();
  const rebuildMenu = registerBrowserEntryPoints({
    hasProvider: async () => (await (await modelProviders).list()).length > 0,
    now,
    listTaskNames: tasks.listNames,
  });
  tasks.whenChanged(() => {
    rebuildMenu();
    schedules.changed();
  });
  mark('listening');
}
