/**
 * The worker's protocol handlers, each feature's and store's, in one map (start-background.ts wires the features
 * and passes them here). The map is served validated and sender-checked (request-schemas.ts, serve.ts).
 */
import type { IDBPDatabase } from 'idb';
import type { AgentDb } from '../agent/agent-db';
import type { AgentRuntime } from '../agent/agent-runtime';
import { clearAgentData } from '../agent/clear-agent-data';
import { createSearchTraceStore } from '../retrieval/search-trace-store';
import type { AttachmentStore } from '../storage/attachment-store';
import type { SkillCatalog } from '../tools/skill-catalog';
import type { ChatService } from './chat-service';
import type { createActivityFeature } from './create-activity-feature';
import type { ReadAttachedDocument } from './create-document-reader';
import type { createEvalFeature } from './create-eval-feature';
import type { createImageRefusal } from './create-image-refusal';
import type { createMcpFeature } from './create-mcp-feature';
import { createRecordingFeature } from './create-recording-feature';
import type { createScheduleFeature } from './create-schedule-feature';
import type { createTaskFeature } from './create-task-feature';
import type { RememberSettings } from './data-transfer/data-transfer-deps';
import { createPageTargetForgetter } from './forget-page-targets';
import { createAgentDataHandlers } from './handlers/agent-data-handlers';
import { createAttachmentHandlers } from './handlers/attachment-handlers';
import { createConversationEditHandlers } from './handlers/conversation-edit-handlers';
import { createConversationHandlers } from './handlers/conversation-handlers';
import { createDataHandlers } from './handlers/data-handlers';
import { createDataTransferHandlers } from './handlers/data-transfer-handlers';
import { createLinkHandlers } from './handlers/link-handlers';
import { createMcpHandlers } from './handlers/mcp-handlers';
import type { createModelHandlers } from './handlers/model-handlers';
import { createPanelHandlers } from './handlers/panel-handlers';
import { createPermissionHandlers } from './handlers/permission-handlers';
import { createProviderHandlers } from './handlers/provider-handlers';
import { createRunHandlers } from './handlers/run-handlers';
import { createSearchTraceHandlers } from './handlers/search-trace-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { createSkillHandlers } from './handlers/skill-handlers';
import { createAttachmentKeeping, type KeepAttachmentDeps, type KeptDocumentIndex } from './keep-attachment';
import type { LocalOriginRulesSync } from './local-origin-rules';
import type { BackgroundStores } from './open-background-stores';
import type { BackgroundHandlers as Handlers } from './protocol';
import { createAttachmentReader } from './read-attachment';
import { createUndoRecorder, recordingUndo } from './record-undo-outcome';
import type { watchSettings } from './watch-settings';

/** What the worker's caller adds to the handlers (part of start-background.ts's BackgroundOptions). */
export interface BackgroundHandlerOptions {
  /** Protocol handlers a feature adds (validated and sender-checked like the rest). */
  extraHandlers?: Handlers;
  /** "Remember what I read" settings, for export and import (the history feature's). */
  rememberSettings?: RememberSettings;
  /** Reads an attached file in the offscreen document, where its bytes are kept (the web feature's reader). */
  readAttached?: ReadAttachedDocument;
  /** Forgets the folder picked in Settings → Documents and takes its documents out of the index ("Delete all data"). */
  forgetFolder?: () => Promise<void>;
  /** The history index, for sent files the user keeps in it (without it, keeping says remembering is off). */
  keptDocuments?: KeptDocumentIndex;
}

/** Without the history feature nothing can be kept: the chip says remembering is off. */
const noKeptDocuments: KeptDocumentIndex = { remember: async () => ({ status: 'off' }), forget: async () => {} };

/** "Keep" on sent files' chips (keep-attachment.ts), announced to the panels showing their conversation. */
function keepingOf(
  store: KeepAttachmentDeps['store'],
  conversations: KeepAttachmentDeps['conversations'],
  index: KeptDocumentIndex | undefined,
  chat: Pick<ChatService, 'messageChanged'>,
) {
  return createAttachmentKeeping({
    store,
    conversations,
    index: index ?? noKeptDocuments,
    origin: chrome.runtime.getURL('').replace(/\/$/, ''),
    announce: (message) => chat.messageChanged(message),
  });
}

/** "Delete all data" beyond the conversations: the agent's database, then each store that clears itself. */
const clearStores = (agentDb: Promise<IDBPDatabase<AgentDb>>, stores: Array<{ clear(): Promise<void> }>) => async () =>
  void (await Promise.all([clearAgentData(await agentDb), ...stores.map((s) => s.clear())]));

export interface BackgroundHandlerDeps {
  options: BackgroundHandlerOptions;
  now(): number;
  stores: BackgroundStores;
  settings: ReturnType<typeof watchSettings>;
  localOrigins: LocalOriginRulesSync;
  chat: ChatService;
  runtime: Promise<AgentRuntime>;
  skills: SkillCatalog;
  mcp: ReturnType<typeof createMcpFeature>;
  activity: ReturnType<typeof createActivityFeature>;
  tasks: ReturnType<typeof createTaskFeature>;
  evals: ReturnType<typeof createEvalFeature>;
  schedules: ReturnType<typeof createScheduleFeature>;
  modelHandlers: ReturnType<typeof createModelHandlers>;
  attachmentStore: AttachmentStore;
  imageRefusal: ReturnType<typeof createImageRefusal>;
}

/** Every handler of the background protocol; also purges the conversations deleted long enough ago. */
export function createBackgroundHandlers(deps: BackgroundHandlerDeps): Handlers {
  const { options, now, settings, localOrigins, chat, runtime, skills, mcp, activity, tasks, evals, schedules } = deps;
  const { modelHandlers, attachmentStore, imageRefusal } = deps;
  const { agentDb, agentStores, providers, conversations, journal } = deps.stores;
  const keeping = keepingOf(attachmentStore, conversations, options.keptDocuments, chat);
  const pageTargets = createPageTargetForgetter();
  const searchTraces = createSearchTraceStore();
  const conversationHandlers = createConversationHandlers({
    conversations,
    journal,
    chat,
    pageTargets,
    attachments: keeping,
    activity,
  });
  const conversationEdits = createConversationEditHandlers({
    conversations,
    chat,
    now,
    purge: (id) => conversationHandlers['conversations.delete']({ id }),
    onRenamed: (id) =>
      void chat.conversationChanged(id).catch((e: unknown) => console.warn('announcing a rename failed', e)),
  });
  void conversationEdits.purgeExpired().catch((e: unknown) => console.error('purging deleted conversations failed', e));
  return {
    ...options.extraHandlers,
    ...createProviderHandlers({ providers, settings, localOrigins }),
    ...createSettingsHandlers({ settings }),
    ...conversationHandlers,
    ...conversationEdits.handlers,
    ...modelHandlers,
    ...createDataHandlers({
      conversations,
      chat,
      pageTargets,
      ...(options.forgetFolder ? { forgetFolder: options.forgetFolder } : {}),
      clearAgentData: clearStores(agentDb, [searchTraces, attachmentStore, activity, evals, schedules]),
    }),
    ...(options.readAttached
      ? createAttachmentHandlers({
          read: createAttachmentReader({ store: attachmentStore, readAttached: options.readAttached, imageRefusal }),
          keeping,
        })
      : {}),
    ...createPanelHandlers(),
    ...createRunHandlers({ journal }),
    ...createLinkHandlers({ journal }),
    ...createSkillHandlers({ skills, settings }),
    ...tasks.handlers,
    ...createRecordingFeature(),
    ...evals.handlers,
    ...schedules.handlers,
    ...createAgentDataHandlers({
      latency: agentStores.then((s) => s.latency),
      memory: agentStores.then((s) => s.memory),
    }),
    ...createPermissionHandlers({
      sitePolicies: agentStores.then((s) => s.sitePolicies),
      deniedSites: agentStores.then((s) => s.deniedSites),
      conversations,
    }),
    ...createSearchTraceHandlers({ traces: searchTraces }),
    ...createMcpHandlers({ mcp }),
    ...activity.handlers,
    ...createDataTransferHandlers({
      conversations,
      attachments: attachmentStore,
      settings,
      now,
      memory: agentStores.then((s) => s.memory),
      grants: {
        store: agentStores.then((s) => s.sitePolicies),
        grantable: async (name) => (await runtime).grantable(name),
      },
      providers,
      localOrigins,
      remember: options.rememberSettings,
      tasks: tasks.store,
      comparisons: evals.store,
    }),
    ...recordingUndo(options.extraHandlers?.['page.undoFill'], createUndoRecorder({ journal, conversations })),
  };
}
