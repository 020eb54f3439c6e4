/** The state one live run carries through the loop; shared by the loop's parts, not exported from the folder. */
import type { ChatModel } from '../providers/chat-model';
import type { SubAgentDefinition } from '../tools/delegate-tool';
import type { DelegateRequest, Tool } from '../tools/define-tool';
import type { SkillCatalog } from '../tools/skill-catalog';
import type { SitePolicyStore } from '../tools/site-policy-store';
import type { AccessFor } from './site-access';
import type { ToolRegistry } from '../tools/tool-registry';
import type { AgentEvent } from './agent-event';
import type { ApprovalWaiters } from './approval-waiters';
import type { TokenCounter } from '../providers/tokens/create-token-counter';
import type { LatencyStore } from './latency-store';
import type { ActivitySink } from './activity-line';
import type { PromptLibrary } from './prompt-library';
import type { RunJournal, RunSnapshot } from './run-journal';
import type { ModelRef } from './model-ref';
import type { StopCondition } from './stop-condition';

/** Tokens a text costs (a model's own tokenizer, or an estimate by script: estimate-tokens.ts). */
export type EstimateTokens = (text: string) => number;

/** Runtime-wide collaborators, resolved with their defaults. */
export interface RuntimeDeps {
  journal: RunJournal;
  /** Maps a model reference to a live model (a run moving to a fallback model needs it mid-run). */
  resolveModel(ref: ModelRef): ChatModel | Promise<ChatModel>;
  tools: ToolRegistry;
  prompts: PromptLibrary;
  sitePolicies: SitePolicyStore;
  /** How much the run may do on a site (lib/agent/site-access.ts): asked for every call and every offer of tools. */
  accessFor: AccessFor;
  skills?: SkillCatalog;
  agents: SubAgentDefinition[];
  latency?: LatencyStore;
  /** Where each consequential call's activity line goes (none: nothing is logged). */
  activity?: ActivitySink;
  now: () => number;
  generateId: () => string;
  timeZone: string;
  defaultToolTimeoutMs: number;
  checkpointIntervalMs: number;
  /** The most steps a run may take, whatever its settings say. */
  maxStepsCeiling: number;
  estimateTokens: EstimateTokens;
  /** Per-model token counts (OpenAI's encodings); without it every model is counted by `estimateTokens`. */
  tokenCounter?: TokenCounter;
  /** Counts a text by a counter, remembering the counts of texts sent unchanged (remembered-counts.ts). */
  countOnce: (text: string, count: EstimateTokens) => number;
  stopWhen: StopCondition[];
  waiters: ApprovalWaiters;
  /** True once the runtime was abandoned (the worker is dying): nothing more may be written or emitted. */
  isDead: () => boolean;
  /** Problems that must not end a run (telemetry writes) but must not vanish either. */
  reportInternalError: (error: unknown) => void;
}

export interface LiveRun {
  snap: RunSnapshot;
  model: ChatModel;
  controller: AbortController;
  emit: (event: AgentEvent) => void;
  agentPath: string[];
  delegate: (toolCallId: string, request: DelegateRequest, signal: AbortSignal) => Promise<string>;
  /** Tool calls the model has begun in the step streaming now (journaled only when the stream ends). */
  streamingCalls: Array<{ toolCallId: string; toolName: string; input?: unknown }>;
  /** Shared by a run and its sub-agents: what the run-wide caps count (lib/agent/run-gates.ts). */
  tree: RunTree;
  /** Live-only measurements per step, for telemetry (a resumed step has none). */
  timings: Map<number, { ttftMs?: number; modelMs: number; startedAt: number }>;
  /** The next step's tools, asked for while the run was being set up; taken (and cleared) by that step. */
  nextOffer?: Promise<Tool[]>;
  /** Settles when the run's own record has landed in the journal (written while its first request goes out). */
  recorded?: Promise<void>;
}

/** A top-level run and its sub-agents share one of these: tokens used and sub-agents running now. */
export interface RunTree {
  tokens: number;
  liveSubAgents: number;
}
