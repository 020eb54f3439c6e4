/**
 * What the agent runtime is built from (AgentRuntimeOptions, re-exported by agent-runtime.ts) and the
 * dependencies every run is driven with, defaults filled in: `runtimeDeps` turns the one into the other.
 */
import type { ChatModel } from '../providers/chat-model';
import type { TokenCounter } from '../providers/tokens/create-token-counter';
import type { SubAgentDefinition } from '../tools/delegate-tool';
import type { SkillCatalog } from '../tools/skill-catalog';
import type { SitePolicyStore } from '../tools/site-policy-store';
import type { ToolRegistry } from '../tools/tool-registry';
import type { ActivitySink } from './activity-line';
import type { AgentEvent } from './agent-event';
import { ApprovalWaiters } from './approval-waiters';
import { estimateTokens } from './estimate-tokens';
import type { LatencyStore } from './latency-store';
import { LOCAL_TIME_ZONE } from './local-time-zone';
import type { ModelRef } from './model-ref';
import type { PromptLibrary } from './prompt-library';
import { rememberedCounts } from './remembered-counts';
import type { EstimateTokens, RuntimeDeps } from './run-context';
import type { RunJournal } from './run-journal';
import { MAX_STEPS_CEILING } from './run-settings';
import type { AccessFor } from './site-access';
import type { StopCondition } from './stop-condition';

export interface AgentRuntimeOptions {
  journal: RunJournal;
  /** Maps a stored model reference back to a live model (also after a worker restart). */
  resolveModel(ref: ModelRef): ChatModel | Promise<ChatModel>;
  tools: ToolRegistry;
  prompts: PromptLibrary;
  /** Receives every event of every run (sub-agent events arrive wrapped in 'nested'); see also `subscribe`. */
  emit?(event: AgentEvent): void;
  sitePolicies: SitePolicyStore;
  /**
   * How much a run may do on a site (lib/agent/site-access.ts): the user's "Read only" switch, later an
   * organisation's policy. Default: full access everywhere (every call still goes through its approval).
   */
  accessFor?: AccessFor;
  /** Skills whose metadata goes into the prompt's <available_skills> block. */
  skills?: SkillCatalog;
  agents?: SubAgentDefinition[];
  latency?: LatencyStore;
  /** Receives the activity line of every consequential call (Settings → Activity). */
  activity?: ActivitySink;
  now?: () => number;
  generateId?: () => string;
  /** A fresh random boundary for a run's untrusted-data blocks (default: 128 bits from crypto). */
  newDataBoundary?: () => string;
  /** IANA zone for the date line (default: the host's, LOCAL_TIME_ZONE, written without Intl: local-time-zone.ts). */
  timeZone?: string;
  defaultToolTimeoutMs?: number;
  checkpointIntervalMs?: number;
  /** Caps every run's step limit (default MAX_STEPS_CEILING; benches measuring long runs raise it). */
  maxStepsCeiling?: number;
  estimateTokens?: EstimateTokens;
  /** Counts tokens by each model's own tokenizer where it has one (lib/providers/tokens). */
  tokenCounter?: TokenCounter;
  /** Extra stop conditions on top of the run's step limit. */
  stopWhen?: StopCondition[];
  reportInternalError?: (error: unknown) => void;
}

/** The runs' dependencies from the runtime's options; after `isDead()`, the journal drops every write. */
export function runtimeDeps(options: AgentRuntimeOptions, isDead: () => boolean): RuntimeDeps {
  return {
    journal: fenceJournal(options.journal, isDead),
    resolveModel: (ref) => options.resolveModel(ref),
    tools: options.tools,
    prompts: options.prompts,
    sitePolicies: options.sitePolicies,
    accessFor: options.accessFor ?? (async () => 'full'),
    skills: options.skills,
    agents: options.agents ?? [],
    latency: options.latency,
    ...(options.activity ? { activity: options.activity } : {}),
    now: options.now ?? Date.now,
    generateId: options.generateId ?? (() => crypto.randomUUID()),
    timeZone: options.timeZone ?? LOCAL_TIME_ZONE,
    defaultToolTimeoutMs: options.defaultToolTimeoutMs ?? 30_000,
    checkpointIntervalMs: options.checkpointIntervalMs ?? 500,
    maxStepsCeiling: options.maxStepsCeiling ?? MAX_STEPS_CEILING,
    estimateTokens: options.estimateTokens ?? estimateTokens,
    ...(options.tokenCounter ? { tokenCounter: options.tokenCounter } : {}),
    countOnce: rememberedCounts(),
    stopWhen: options.stopWhen ?? [],
    waiters: new ApprovalWaiters(),
    isDead,
    reportInternalError: options.reportInternalError ?? ((e) => console.warn('[agent runtime]', e)),
  };
}

/** After the worker "dies", writes are dropped, exactly as if the process were gone. */
function fenceJournal(journal: RunJournal, isDead: () => boolean): RunJournal {
  return {
    write: async (batch) => {
      if (!isDead()) await journal.write(batch);
    },
    read: (id) => journal.read(id),
    readApprovals: (id) => journal.readApprovals(id),
    listUnfinished: () => journal.listUnfinished(),
    listRuns: (conversationId) => journal.listRuns(conversationId),
    listChildren: (runId) => journal.listChildren(runId),
    deleteConversation: async (conversationId) => {
      if (!isDead()) await journal.deleteConversation(conversationId);
    },
  };
}
