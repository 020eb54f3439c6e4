/**
 * The durable record of a run (see lib/README.md "Durable runs"): everything needed to resume it after the
 * worker is killed, and to replay it to a UI that opens mid-run. Writes are batched so each is atomic.
 */
import type { ShownIdentity } from '../page/shown-identity';
import type { ChatCall, FinishReason, ToolSpec } from '../providers/chat-model';
import type { ChatMessage } from '../core/chat-message';
import type { Usage } from '../core/usage';
import type { ReadSource } from '../tools/define-tool';
import type { InterruptReason } from './agent-event';
import type { AccessRefusalKind, DataFlowFlag, RunFinishReason } from '../core/run-part';
import type { ErrorInfo } from '../core/error-info';
import type { RunSettings } from './run-settings';
import type { ToolResult } from '../core/tool-result';
import type { UndoOutcome } from '../core/run-part';
import type { ModelRef } from './model-ref';
import type { ApprovalMethod } from './activity-line';

export interface RunRecord {
  id: string;
  conversationId: string;
  /** The assistant message this run produces; text deltas carry it. */
  messageId: string;
  model: ModelRef;
  settings: RunSettings;
  /** The conversation as the run received it (ending with the user's message). */
  messages: ChatMessage[];
  status: 'running' | 'finished';
  finishReason?: RunFinishReason;
  error?: ErrorInfo;
  createdAt: number;
  updatedAt: number;
  /** Set for sub-agent runs; those are resumed only through their parent. */
  parent?: { runId: string; toolCallId: string; agentPath: string[] };
}

export type StepStatus = 'streaming' | 'tools' | 'done';

export interface StepRecord {
  runId: string;
  index: number;
  status: StepStatus;
  /** Exactly what the model was sent, for the "what the model saw" view (stored as a StepRequestRecord). */
  request: ChatCall;
  /** Streamed text so far (checkpointed at least every 500 ms while streaming). */
  text: string;
  reasoning: string;
  reasoningSignature?: string;
  /** Tool calls the model made in this step, in the order it made them. */
  toolCallIds: string[];
  finishReason?: FinishReason;
  usage?: Usage;
  interrupted?: InterruptReason;
  /** The step this one retries after an interrupted stream (a stream is retried once). */
  retryOf?: number;
  trimNote?: string;
  /** Shown once per run: the model cannot use tools, so this run answers as plain chat. */
  modelNotice?: string;
  /** Why the model call failed, when it did (and the run did not move to a fallback model). */
  error?: ErrorInfo;
  /**
   * The call failed before any output and the run moved to its next model (lib/agent/model-fallback.ts): the
   * notice the answer shows (naming both models), the failure, and the model the run moved to.
   */
  fellBack?: { notice: string; error: ErrorInfo; to: ModelRef };
  startedAt: number;
  checkpointAt?: number;
  finishedAt?: number;
}

export type ToolCallStatus = 'pending' | 'running' | 'done' | 'unknown';
export type ToolOutcome =
  | 'ok'
  | 'error'
  | 'invalid'
  | 'unknown-tool'
  | 'timeout'
  | 'denied'
  | 'stopped'
  | 'unknown'
  | 'page-gone'
  /** Refused by the access gate (lib/agent/site-access.ts): read only, or no access to the site (the user's or the organisation's). */
  | AccessRefusalKind;

export interface ToolCallRecord {
  runId: string;
  step: number;
  /** Position within the step, so results go back in call order. */
  order: number;
  toolCallId: string;
  toolName: string;
  /** The raw JSON text the model produced. */
  rawInput: string;
  status: ToolCallStatus;
  /** The call's result as data (the model's text is built from it per request: lib/agent/to-model-text.ts). */
  result?: ToolResult;
  /** Journaled before results were typed: read back into `result` by assembleSnapshot, never written. */
  output?: string;
  isError?: boolean;
  outcome?: ToolOutcome;
  /** Where the text of its output came from (web origins), for the data-flow check of later writes. */
  reads?: ReadSource[];
  /** How a call approved without a card came to run (journaled when it starts, for its activity line). */
  approvedBy?: ApprovalMethod;
  /** What the user's Undo of this call did (fill_form), once they used it. */
  undo?: UndoOutcome;
  startedAt?: number;
  finishedAt?: number;
}

export type ApprovalDecision = 'approved' | 'denied' | 'always';

export interface ApprovalRecord {
  runId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
  preview: string;
  /** The origin the call acts on (the snapshot's document for page tools, else the run's page): "always" is keyed on it. */
  site?: string;
  /** The document and snapshot the approval was computed from; the call is refused if either changed before it runs. */
  documentId?: string;
  snapshotId?: string;
  /** What the card showed of the elements the call acts on (role, name, link target, form destination); checked again when it acts. */
  shown?: ShownIdentity[];
  /** Where the call can send the page (a link's URL, a form's action URL), as the card named it. */
  destination?: string;
  /** Fields whose value the run read on another origin than `site` (computed once, when the approval is asked). */
  dataFlows?: DataFlowFlag[];
  /** False for tools that must be approved every time (click, submit_form). */
  canAlwaysAllow?: boolean;
  /** What "always allow" and "approved in this run" are keyed on when not the tool's name (a page tool and its hash). */
  policyKey?: string;
  /** 'cancelled': the run was stopped while it waited. */
  status: 'pending' | ApprovalDecision | 'cancelled';
  requestedAt: number;
  resolvedAt?: number;
  /** When the user removed this denial in Settings → Permissions: it no longer stands for the rest of the run. */
  denialRemovedAt?: number;
}

export interface InterjectionRecord {
  runId: string;
  id: string;
  text: string;
  at: number;
  /** The step before whose model call it was injected; unset while queued. */
  consumedByStep?: number;
}

/**
 * What the journal stores of a step's request: only what changed since the step before (step 0: since the
 * run's input messages), so a run's journal grows with what the run adds, not with its length squared.
 */
export interface StepRequestRecord {
  runId: string;
  index: number;
  /** How many leading messages of the previous request this one keeps (all of them unless context was trimmed). */
  keep: number;
  /** The messages after those. */
  append: ChatMessage[];
  /** Present only when it differs from the previous step's. */
  system?: string;
  /** Present only when they differ from the previous step's ([] for none). */
  tools?: ToolSpec[];
  /** The call's small options (output limit, temperature, reasoning), as sent. */
  options: Omit<ChatCall, 'system' | 'messages' | 'tools'>;
}

/** The fields of a step that its streamed text checkpoints write (and nothing else). */
export type StepText = Pick<
  StepRecord,
  'runId' | 'index' | 'text' | 'reasoning' | 'reasoningSignature' | 'checkpointAt'
>;

/** The small part of a step that status changes rewrite: never the request, never the text. */
export type StepState = Omit<StepRecord, 'request' | 'text' | 'reasoning' | 'reasoningSignature' | 'checkpointAt'> & {
  /** Never here: a whole StepRecord passed as a state would re-put its request (these make it a type error). */
  request?: never;
  text?: never;
};

/** A run's record as stored: its input messages are kept apart, so finishing a run does not re-put them. */
export type RunState = Omit<RunRecord, 'messages'> & {
  /** Never here (makes passing a whole RunRecord as a state a type error). */
  messages?: never;
};

/** The conversation a run received, written once when the run is created. */
export interface RunInputRecord {
  runId: string;
  messages: ChatMessage[];
}

/** One atomic write: records are stored whole (put), keyed by their ids. A step is three records, each
 * written only when it changes: its request once (`requests`), its streamed text (`texts`) and its state.
 */
export interface JournalBatch {
  run?: RunState;
  runInput?: RunInputRecord;
  requests?: StepRequestRecord[];
  steps?: StepState[];
  texts?: StepText[];
  toolCalls?: ToolCallRecord[];
  approvals?: ApprovalRecord[];
  interjections?: InterjectionRecord[];
}

export interface RunSnapshot {
  run: RunRecord;
  steps: StepRecord[];
  toolCalls: ToolCallRecord[];
  approvals: ApprovalRecord[];
  interjections: InterjectionRecord[];
}

export interface RunJournal {
  write(batch: JournalBatch): Promise<void>;
  /** Everything about one run, steps by index (requests rebuilt whole), tool calls by step then order. */
  read(runId: string): Promise<RunSnapshot | undefined>;
  /** The run's state and its approvals only: what the tab tools check on every call, without the steps. */
  readApprovals(runId: string): Promise<{ run: RunState; approvals: ApprovalRecord[] } | undefined>;
  listUnfinished(): Promise<RunState[]>;
  /** Every run of a conversation, sub-agent runs included. */
  listRuns(conversationId: string): Promise<RunState[]>;
  /** The sub-agent runs a run started. */
  listChildren(runId: string): Promise<RunState[]>;
  /** Deletes every record of the conversation's runs (steps, tool calls, approvals, interjections). */
  deleteConversation(conversationId: string): Promise<void>;
}
